# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import kafka_varint


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaRecordHeader(KaitaiStruct):
    """One header of a v2 record (KIP-82): a UTF-8 key that may not be null, and a value that may be
    null (length -1). Both lengths are ZigZag varints. Kafka itself never rejects a duplicated key;
    the order of headers in a record is kept.
    
    .. seealso::
       readHeaders - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/record/DefaultRecord.java
    
    
    .. seealso::
       Source - https://kafka.apache.org/39/documentation/#recordheader
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaRecordHeader, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.len_key = kafka_varint.KafkaVarint(self._io)
        self.key = (self._io.read_bytes(self.len_key.value)).decode(u"UTF-8")
        self.len_value = kafka_varint.KafkaVarint(self._io)
        if self.len_value.value >= 0:
            pass
            self.value = self._io.read_bytes(self.len_value.value)



    def _fetch_instances(self):
        pass
        self.len_key._fetch_instances()
        self.len_value._fetch_instances()
        if self.len_value.value >= 0:
            pass



