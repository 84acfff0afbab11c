# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaProducerSnapshot(KaitaiStruct):
    """The state of idempotent and transactional producers of a partition at one offset, which the
    broker writes when a segment rolls and on shutdown so that it need not replay the whole log
    (`<offset>.snapshot`, the offset being the next one to be written). One entry per producer: its
    epoch, the last sequence and offset it wrote, and the first offset of its open transaction.
    
    The CRC is a CRC-32C over everything after the `crc` field. Only version 1 exists.
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/storage/src/main/resources/message/ProducerSnapshot.json
    
    
    .. seealso::
       readSnapshot - https://github.com/apache/kafka/blob/3.9.0/storage/src/main/java/org/apache/kafka/storage/internals/log/ProducerStateManager.java
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaProducerSnapshot, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.version = self._io.read_s2be()
        if not self.version == 1:
            raise kaitaistruct.ValidationNotEqualError(1, self.version, self._io, u"/seq/0")
        self.crc = self._io.read_u4be()
        self.num_entries = self._io.read_s4be()
        self.entries = []
        for i in range(self.num_entries):
            self.entries.append(KafkaProducerSnapshot.ProducerEntry(self._io, self, self._root))



    def _fetch_instances(self):
        pass
        for i in range(len(self.entries)):
            pass
            self.entries[i]._fetch_instances()


    class ProducerEntry(KaitaiStruct):
        """The state of one producer id at the snapshot's offset."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaProducerSnapshot.ProducerEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.producer_id = self._io.read_s8be()
            self.producer_epoch = self._io.read_s2be()
            self.last_sequence = self._io.read_s4be()
            self.last_offset = self._io.read_s8be()
            self.offset_delta = self._io.read_s4be()
            self.timestamp = self._io.read_s8be()
            self.coordinator_epoch = self._io.read_s4be()
            self.current_txn_first_offset = self._io.read_s8be()


        def _fetch_instances(self):
            pass



