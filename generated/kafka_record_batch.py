# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import kafka_control_record
from . import kafka_record
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaRecordBatch(KaitaiStruct):
    """The unit in which Kafka 0.11 and later stores and ships records (KIP-98): a 61-byte header and
    the records, compressed as a whole when the batch is compressed. A `.log` segment is a sequence
    of these (see `kafka_log`).
    
    `len_batch` counts the bytes after itself, so the batch takes `12 + len_batch` bytes. The CRC is
    a CRC-32C (Castagnoli) over everything from `attributes` to the end of the batch; it leaves out
    `partition_leader_epoch`, which the broker rewrites without recomputing the CRC. Kaitai cannot
    compute checksums: the Python layer (`kafkaks`) checks it.
    
    The attributes are kept raw; the instances name their bits. When `has_delete_horizon` is set
    (KIP-534, written by the log cleaner), `base_timestamp` holds the delete horizon in ms instead of
    the first timestamp, and the record timestamp deltas are relative to it. Under LogAppendTime
    every record's timestamp is `max_timestamp`. A batch may hold no record at all (the cleaner keeps
    empty batches to preserve producer state), so never derive the last offset from the count:
    `last_offset` is `base_offset + last_offset_delta`. `base_sequence` is -1 for non-idempotent
    producers.
    
    Records of an uncompressed batch are parsed here (as `kafka_control_record` in a control batch).
    The records of a compressed batch stay raw bytes in `records_compressed`: the payload is a gzip
    stream, snappy in xerial framing (or raw), an LZ4 frame or zstd frames, which the Kaitai Web IDE
    cannot decompress; the Python layer decompresses them and parses the result with `kafka_record`.
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/record/DefaultRecordBatch.java
    
    
    .. seealso::
       Source - https://kafka.apache.org/39/documentation/#recordbatch
    """

    class CompressionType(IntEnum):
        none = 0
        gzip = 1
        snappy = 2
        lz4 = 3
        zstd = 4

    class TimestampType(IntEnum):
        create_time = 0
        log_append_time = 1
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaRecordBatch, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.base_offset = self._io.read_s8be()
        self.len_batch = self._io.read_s4be()
        self.partition_leader_epoch = self._io.read_s4be()
        self.magic = self._io.read_s1()
        if not self.magic == 2:
            raise kaitaistruct.ValidationNotEqualError(2, self.magic, self._io, u"/seq/3")
        self.crc = self._io.read_u4be()
        self.attributes = self._io.read_s2be()
        self.last_offset_delta = self._io.read_s4be()
        self.base_timestamp = self._io.read_s8be()
        self.max_timestamp = self._io.read_s8be()
        self.producer_id = self._io.read_s8be()
        self.producer_epoch = self._io.read_s2be()
        self.base_sequence = self._io.read_s4be()
        self.num_records = self._io.read_s4be()
        if self.compression == KafkaRecordBatch.CompressionType.none:
            pass
            self.records = []
            for i in range(self.num_records):
                _on = self.is_control
                if _on == False:
                    pass
                    self.records.append(kafka_record.KafkaRecord(self._io))
                elif _on == True:
                    pass
                    self.records.append(kafka_control_record.KafkaControlRecord(self._io))


        if self.compression != KafkaRecordBatch.CompressionType.none:
            pass
            self.records_compressed = self._io.read_bytes(self.len_batch - 49)



    def _fetch_instances(self):
        pass
        if self.compression == KafkaRecordBatch.CompressionType.none:
            pass
            for i in range(len(self.records)):
                pass
                _on = self.is_control
                if _on == False:
                    pass
                    self.records[i]._fetch_instances()
                elif _on == True:
                    pass
                    self.records[i]._fetch_instances()


        if self.compression != KafkaRecordBatch.CompressionType.none:
            pass


    @property
    def compression(self):
        if hasattr(self, '_m_compression'):
            return self._m_compression

        self._m_compression = KaitaiStream.resolve_enum(KafkaRecordBatch.CompressionType, self.attributes & 7)
        return getattr(self, '_m_compression', None)

    @property
    def has_delete_horizon(self):
        if hasattr(self, '_m_has_delete_horizon'):
            return self._m_has_delete_horizon

        self._m_has_delete_horizon = self.attributes & 64 != 0
        return getattr(self, '_m_has_delete_horizon', None)

    @property
    def is_control(self):
        if hasattr(self, '_m_is_control'):
            return self._m_is_control

        self._m_is_control = self.attributes & 32 != 0
        return getattr(self, '_m_is_control', None)

    @property
    def is_transactional(self):
        if hasattr(self, '_m_is_transactional'):
            return self._m_is_transactional

        self._m_is_transactional = self.attributes & 16 != 0
        return getattr(self, '_m_is_transactional', None)

    @property
    def last_offset(self):
        if hasattr(self, '_m_last_offset'):
            return self._m_last_offset

        self._m_last_offset = self.base_offset + self.last_offset_delta
        return getattr(self, '_m_last_offset', None)

    @property
    def timestamp_type(self):
        if hasattr(self, '_m_timestamp_type'):
            return self._m_timestamp_type

        self._m_timestamp_type = KaitaiStream.resolve_enum(KafkaRecordBatch.TimestampType, (self.attributes & 8) // 8)
        return getattr(self, '_m_timestamp_type', None)


