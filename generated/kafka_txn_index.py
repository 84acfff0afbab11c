# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaTxnIndex(KaitaiStruct):
    """The aborted transactions whose ABORT marker landed in a segment (KIP-98). A read_committed
    consumer uses it to skip their records. The file exists only for segments that saw an aborted
    transaction and is never preallocated; a partial trailing entry is ignored by Kafka and left in
    `leftover` here.
    
    Quirk: Kafka reads the version of an entry as a single byte (the high byte of the int16), and
    that byte is what `kafka-dump-log` prints and checks.
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/storage/src/main/java/org/apache/kafka/storage/internals/log/TransactionIndex.java
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/storage/src/main/java/org/apache/kafka/storage/internals/log/AbortedTxn.java
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaTxnIndex, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.entries = []
        for i in range(self._io.size() // 34):
            self.entries.append(KafkaTxnIndex.AbortedTxn(self._io, self, self._root))

        self.leftover = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        for i in range(len(self.entries)):
            pass
            self.entries[i]._fetch_instances()


    class AbortedTxn(KaitaiStruct):
        """One aborted transaction: its producer, first offset, the offset of its ABORT marker, and the
        last stable offset then.
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaTxnIndex.AbortedTxn, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.version = self._io.read_s2be()
            self.producer_id = self._io.read_s8be()
            self.first_offset = self._io.read_s8be()
            self.last_offset = self._io.read_s8be()
            self.last_stable_offset = self._io.read_s8be()


        def _fetch_instances(self):
            pass



