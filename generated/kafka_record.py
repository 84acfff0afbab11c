# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import kafka_varint
from . import kafka_record_header


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaRecord(KaitaiStruct):
    """One record inside a v2 record batch (`kafka_record_batch`). A record stores only deltas against
    its batch: its offset is the batch's base offset plus `offset_delta`, and its timestamp is the
    batch's base timestamp plus `timestamp_delta`, except in a LogAppendTime batch, where every
    record takes the batch's max timestamp (the broker rewrites only the batch header when it applies
    LogAppendTime, so the deltas keep the producer's values).
    
    Every length is a ZigZag varint; -1 marks a null key or value. `len_record` counts the bytes
    after itself; a reader should check that the fields use exactly that many ("Invalid record
    size" in Kafka). The sequence number of a record is not stored either: it is the batch's base
    sequence plus `offset_delta`, wrapping past 2^31 - 1 to 0.
    
    Records of a compressed batch are stored back to back in its decompressed payload and parse with
    this same type. The records of a control batch parse as `kafka_control_record`.
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/record/DefaultRecord.java
    
    
    .. seealso::
       Source - https://kafka.apache.org/39/documentation/#record
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaRecord, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.len_record = kafka_varint.KafkaVarint(self._io)
        self.attributes = self._io.read_s1()
        self.timestamp_delta = kafka_varint.KafkaVarint(self._io)
        self.offset_delta = kafka_varint.KafkaVarint(self._io)
        self.len_key = kafka_varint.KafkaVarint(self._io)
        if self.len_key.value >= 0:
            pass
            self.key = self._io.read_bytes(self.len_key.value)

        self.len_value = kafka_varint.KafkaVarint(self._io)
        if self.len_value.value >= 0:
            pass
            self.value = self._io.read_bytes(self.len_value.value)

        self.num_headers = kafka_varint.KafkaVarint(self._io)
        self.headers = []
        for i in range(self.num_headers.value):
            self.headers.append(kafka_record_header.KafkaRecordHeader(self._io))



    def _fetch_instances(self):
        pass
        self.len_record._fetch_instances()
        self.timestamp_delta._fetch_instances()
        self.offset_delta._fetch_instances()
        self.len_key._fetch_instances()
        if self.len_key.value >= 0:
            pass

        self.len_value._fetch_instances()
        if self.len_value.value >= 0:
            pass

        self.num_headers._fetch_instances()
        for i in range(len(self.headers)):
            pass
            self.headers[i]._fetch_instances()



