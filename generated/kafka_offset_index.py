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
    offset is 0. A length that is not a multiple of 8 leaves a partial entry in `leftover`.
    
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
        self.entries = []
        for i in range(self._io.size() // 8):
            self.entries.append(KafkaOffsetIndex.OffsetIndexEntry(self._io, self, self._root))

        self.leftover = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        for i in range(len(self.entries)):
            pass
            self.entries[i]._fetch_instances()


    class OffsetIndexEntry(KaitaiStruct):
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaOffsetIndex.OffsetIndexEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.relative_offset = self._io.read_s4be()
            self.position = self._io.read_s4be()


        def _fetch_instances(self):
            pass



