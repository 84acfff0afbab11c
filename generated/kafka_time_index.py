# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaTimeIndex(KaitaiStruct):
    """The sparse time index beside each segment (`<base offset>.timeindex`, KIP-33): each entry says
    that the largest timestamp seen up to a batch is `timestamp`, and that batch's last offset is
    `relative_offset` after the segment's base offset (known from the file name). Timestamps only
    grow along the file. Like the offset index, the active segment's file is preallocated and
    zero-filled; readers stop at the first entry after slot 0 whose relative offset is 0, and so
    does `entries`: its last item is that first unused slot (`is_unused`), and `leftover` holds the
    rest as one field (the other unused slots and a partial entry when the length is not a multiple
    of 12).
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/storage/src/main/java/org/apache/kafka/storage/internals/log/TimeIndex.java
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaTimeIndex, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        if self._io.size() >= 12:
            pass
            self.entries = []
            i = 0
            while True:
                _ = KafkaTimeIndex.TimeIndexEntry(i, self._io, self, self._root)
                self.entries.append(_)
                if  ((_.is_unused) or (self._io.size() - self._io.pos() < 12)) :
                    break
                i += 1

        self.leftover = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        if self._io.size() >= 12:
            pass
            for i in range(len(self.entries)):
                pass
                self.entries[i]._fetch_instances()



    class TimeIndexEntry(KaitaiStruct):
        """One slot: a timestamp and the offset (relative to the base offset) of the batch that reached
        it.
        """
        def __init__(self, slot, _io, _parent=None, _root=None):
            super(KafkaTimeIndex.TimeIndexEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.slot = slot
            self._read()

        def _read(self):
            self.timestamp = self._io.read_s8be()
            self.relative_offset = self._io.read_s4be()


        def _fetch_instances(self):
            pass

        @property
        def is_unused(self):
            """A zero relative offset after slot 0 marks the first unused slot of a preallocated
            index: Kafka's readers stop here, and so does `entries`.
            """
            if hasattr(self, '_m_is_unused'):
                return self._m_is_unused

            self._m_is_unused =  ((self.slot > 0) and (self.relative_offset == 0)) 
            return getattr(self, '_m_is_unused', None)



