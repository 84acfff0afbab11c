# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaOffsetIndex(KaitaiStruct):
    """The sparse offset index beside each segment (`<base offset>.index`): about one entry per
    `index.interval.bytes` (4 KiB) of log, each mapping an offset to the byte position of the batch
    that holds it. Offsets are stored relative to the segment's base offset, which only the file
    name tells. An entry points at the start of a batch and its offset is that batch's last offset;
    brokers before KAFKA-806 (Kafka 4.0) could write, for a multi-batch append, the last offset of
    the whole append with the position of its first batch.
    
    The index of the active segment is preallocated (10 MiB by default) and zero-filled; it is
    trimmed when the segment rolls. Readers stop at the first entry after slot 0 whose relative
    offset is 0, and so does `entries`: its last item is that first unused slot (`is_unused`), and
    `leftover` holds the rest of the file as one field (the other unused slots and a partial entry
    when the length is not a multiple of 8). So the Web IDE shows a preallocated index as its
    entries and one tail, not as a million zero entries.
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/storage/src/main/java/org/apache/kafka/storage/internals/log/OffsetIndex.java
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/storage/src/main/java/org/apache/kafka/storage/internals/log/AbstractIndex.java
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaOffsetIndex, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        if self._io.size() >= 8:
            pass
            self.entries = []
            i = 0
            while True:
                _ = KafkaOffsetIndex.OffsetIndexEntry(i, self._io, self, self._root)
                self.entries.append(_)
                if  ((_.is_unused) or (self._io.size() - self._io.pos() < 8)) :
                    break
                i += 1

        self.leftover = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        if self._io.size() >= 8:
            pass
            for i in range(len(self.entries)):
                pass
                self.entries[i]._fetch_instances()



    class OffsetIndexEntry(KaitaiStruct):
        """One slot: an offset (relative to the segment's base offset) and the byte position of its
        batch.
        """
        def __init__(self, slot, _io, _parent=None, _root=None):
            super(KafkaOffsetIndex.OffsetIndexEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.slot = slot
            self._read()

        def _read(self):
            self.relative_offset = self._io.read_s4be()
            self.position = self._io.read_s4be()


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



