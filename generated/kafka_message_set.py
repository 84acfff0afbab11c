# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import kafka_message


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaMessageSet(KaitaiStruct):
    """A sequence of legacy messages, each preceded by its offset and size: the content of a `.log`
    segment written in message format v0 or v1, and of the decompressed value of a compressed
    wrapper message. A `.log` file that may mix formats is better read with `kafka_log`.
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/record/AbstractLegacyRecordBatch.java
    
    
    .. seealso::
       Source - https://kafka.apache.org/39/documentation/#messageset
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaMessageSet, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.entries = []
        i = 0
        while not self._io.is_eof():
            self.entries.append(KafkaMessageSet.LegacyEntry(self._io, self, self._root))
            i += 1



    def _fetch_instances(self):
        pass
        for i in range(len(self.entries)):
            pass
            self.entries[i]._fetch_instances()


    class LegacyEntry(KaitaiStruct):
        """One message with the offset and size in front of it."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMessageSet.LegacyEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.offset = self._io.read_s8be()
            self.len_message = self._io.read_s4be()
            self._raw_message = self._io.read_bytes(self.len_message)
            _io__raw_message = KaitaiStream(BytesIO(self._raw_message))
            self.message = kafka_message.KafkaMessage(_io__raw_message)


        def _fetch_instances(self):
            pass
            self.message._fetch_instances()



