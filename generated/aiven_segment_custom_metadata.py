# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import kafka_varint
from . import kafka_protocol_types
from . import kafka_unsigned_varint
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class AivenSegmentCustomMetadata(KaitaiStruct):
    """What Aiven's tiered-storage-for-apache-kafka returns from `copyLogSegmentData` when
    `rsm.config.custom.metadata.fields.include` names fields: the broker keeps these bytes in the
    `CustomMetadata` of the segment's `RemoteLogSegmentMetadataUpdateRecord` in state
    COPY_SEGMENT_FINISHED (`__remote_log_metadata`), and hands them back to the plugin when it
    fetches the segment. With no field configured the plugin returns no bytes at all (an empty array,
    not an empty section), which this spec does not read.
    
    The bytes are a Kafka `Struct` whose schema is one tagged-field section (KIP-482's encoding,
    `kafka_protocol_types::tagged_fields`), the tags fixed by `SegmentCustomMetadataField`: 0
    `remote_size` (VARLONG: the bytes uploaded for the segment, its three objects together), 1
    `object_prefix` (COMPACT_STRING: the key prefix it was uploaded under) and 2 `object_key`
    (COMPACT_STRING: the key's main part, `<topic>-<topic id>/<partition>/<offset>-<segment id>`).
    When fetching, the plugin builds a segment's keys from these before its configuration
    (`ObjectKeyFactory.key(fields, ...)`: the prefix of tag 1, else the configured one, then the main
    part of tag 2, else the one computed from the metadata, then `.` and the suffix), so a segment
    uploaded under an older prefix is still found after the prefix changes.
    
    .. seealso::
       Source - https://github.com/Aiven-Open/tiered-storage-for-apache-kafka/blob/3afb9d7f2e577737b770c623a4d6b6e80e0d5818/core/src/main/java/io/aiven/kafka/tieredstorage/metadata/SegmentCustomMetadataField.java
    
    
    .. seealso::
       Source - https://github.com/Aiven-Open/tiered-storage-for-apache-kafka/blob/7deb35b395b176343c35cbacd0ccd9bce30f724b/core/src/main/java/io/aiven/kafka/tieredstorage/metadata/SegmentCustomMetadataSerde.java
    
    
    .. seealso::
       key(fields, metadata, suffix) - https://github.com/Aiven-Open/tiered-storage-for-apache-kafka/blob/3afb9d7f2e577737b770c623a4d6b6e80e0d5818/core/src/main/java/io/aiven/kafka/tieredstorage/ObjectKeyFactory.java
    """

    class FieldKind(IntEnum):
        remote_size = 0
        object_prefix = 1
        object_key = 2
    def __init__(self, _io, _parent=None, _root=None):
        super(AivenSegmentCustomMetadata, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.num_fields = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
        self.fields = []
        for i in range(self.num_fields.value):
            self.fields.append(AivenSegmentCustomMetadata.Field(self._io, self, self._root))



    def _fetch_instances(self):
        pass
        self.num_fields._fetch_instances()
        for i in range(len(self.fields)):
            pass
            self.fields[i]._fetch_instances()


    class Field(KaitaiStruct):
        """One tagged field; a tag this spec does not know is kept as its bytes, as Kafka keeps it."""
        def __init__(self, _io, _parent=None, _root=None):
            super(AivenSegmentCustomMetadata.Field, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.tag = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.len_data = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            _on = self.tag.value
            if _on == 0:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = kafka_varint.KafkaVarint(_io__raw_data)
            elif _on == 1:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = kafka_protocol_types.KafkaProtocolTypes.String(True, _io__raw_data)
            elif _on == 2:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = kafka_protocol_types.KafkaProtocolTypes.String(True, _io__raw_data)
            else:
                pass
                self.data = self._io.read_bytes(self.len_data.value)


        def _fetch_instances(self):
            pass
            self.tag._fetch_instances()
            self.len_data._fetch_instances()
            _on = self.tag.value
            if _on == 0:
                pass
                self.data._fetch_instances()
            elif _on == 1:
                pass
                self.data._fetch_instances()
            elif _on == 2:
                pass
                self.data._fetch_instances()
            else:
                pass

        @property
        def kind(self):
            if hasattr(self, '_m_kind'):
                return self._m_kind

            self._m_kind = KaitaiStream.resolve_enum(AivenSegmentCustomMetadata.FieldKind, self.tag.value)
            return getattr(self, '_m_kind', None)



