# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaMessage(KaitaiStruct):
    """One message of the formats Kafka used before 0.11: v0 (Kafka 0.8 to 0.9) and v1 (0.10, which
    added a timestamp, KIP-32). On disk each message is preceded by its offset and size (see
    `kafka_message_set`). Kafka 4.0 no longer writes these formats, but reads them, and old
    segments of compacted topics keep them for years.
    
    The CRC is a CRC-32 (IEEE, as in zlib), not the CRC-32C of v2, computed over everything from
    `magic` to the end of the message.
    
    A compressed message is a wrapper: its key is null and its value is a whole message set,
    compressed with gzip, snappy (xerial framing) or LZ4. Kaitai cannot decompress these, so the
    value stays raw bytes; the Python layer decompresses it and parses it with `kafka_message_set`.
    Inner offsets are absolute in v0 and relative to the wrapper in v1 (the wrapper carries the
    absolute offset of its last inner message). zstd never appears in these formats.
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/record/LegacyRecord.java
    
    
    .. seealso::
       Source - https://kafka.apache.org/39/documentation/#messageset
    """

    class CompressionType(IntEnum):
        none = 0
        gzip = 1
        snappy = 2
        lz4 = 3

    class TimestampType(IntEnum):
        no_timestamp_type = -1
        create_time = 0
        log_append_time = 1
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaMessage, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.crc = self._io.read_u4be()
        self.magic = self._io.read_s1()
        if not  ((self.magic == 0) or (self.magic == 1)) :
            raise kaitaistruct.ValidationNotAnyOfError(self.magic, self._io, u"/seq/1")
        self.attributes = self._io.read_u1()
        if self.magic >= 1:
            pass
            self.timestamp = self._io.read_s8be()

        self.len_key = self._io.read_s4be()
        if self.len_key >= 0:
            pass
            self.key = self._io.read_bytes(self.len_key)

        self.len_value = self._io.read_s4be()
        if self.len_value >= 0:
            pass
            self.value = self._io.read_bytes(self.len_value)



    def _fetch_instances(self):
        pass
        if self.magic >= 1:
            pass

        if self.len_key >= 0:
            pass

        if self.len_value >= 0:
            pass


    @property
    def compression(self):
        if hasattr(self, '_m_compression'):
            return self._m_compression

        self._m_compression = KaitaiStream.resolve_enum(KafkaMessage.CompressionType, self.attributes & 7)
        return getattr(self, '_m_compression', None)

    @property
    def timestamp_type(self):
        if hasattr(self, '_m_timestamp_type'):
            return self._m_timestamp_type

        self._m_timestamp_type = KaitaiStream.resolve_enum(KafkaMessage.TimestampType, (-1 if self.magic == 0 else (self.attributes & 8) // 8))
        return getattr(self, '_m_timestamp_type', None)


