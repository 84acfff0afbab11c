# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import kafka_protocol_types
from . import kafka_unsigned_varint
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaShareCoordinatorRecords(KaitaiStruct):
    """The records of `__share_group_state`, the compacted internal topic where the share coordinator
    (KIP-932, Kafka 4.0+) keeps the state of each share-partition: which offsets of a
    topic-partition a share group has acknowledged, archived or still has to deliver. The key of a
    snapshot and of an update is the same (group, topic id, partition); a snapshot
    (`ShareSnapshotValue`) holds the whole state, the updates after it (`ShareUpdateValue`) the
    batches whose state changed since. A null value (tombstone) deletes the share-partition's state.
    
    This spec reads a record's key: an int16 record type (Kafka calls it the key's version:
    0 ShareSnapshotKey, 1 ShareUpdateKey) and the key, never flexible. The value of each type is
    the type of the same name ending in `_value`: an int16 version and the message, chosen by
    version; the body of an unknown record type or version stays raw bytes, for a reader to
    report. Delivery states: 0 available, 2 acknowledged, 4 archived.
    
    Written from the message schemas of Apache Kafka 4.3.1 (doc-ref) with
    tools/kafka_message_ksy.py; `-orig-id` keeps each field's name in the schema, `-nullable`
    marks the strings, bytes and arrays that may be null (Kafka's reader refuses a null in any
    other), and each struct's `-tagged-fields` the tags it defines (number, first version,
    default).
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/share-coordinator/src/main/resources/common/message/ShareSnapshotKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/share-coordinator/src/main/resources/common/message/ShareSnapshotValue.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/share-coordinator/src/main/resources/common/message/ShareUpdateKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/share-coordinator/src/main/resources/common/message/ShareUpdateValue.json
    """

    class RecordType(IntEnum):
        share_snapshot = 0
        share_update = 1
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaShareCoordinatorRecords, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.record_type = KaitaiStream.resolve_enum(KafkaShareCoordinatorRecords.RecordType, self._io.read_s2be())
        _on = self.record_type
        if _on == KafkaShareCoordinatorRecords.RecordType.share_snapshot:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = KafkaShareCoordinatorRecords.ShareSnapshotKey(_io__raw_key, self, self._root)
        elif _on == KafkaShareCoordinatorRecords.RecordType.share_update:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = KafkaShareCoordinatorRecords.ShareUpdateKey(_io__raw_key, self, self._root)
        else:
            pass
            self.key = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        _on = self.record_type
        if _on == KafkaShareCoordinatorRecords.RecordType.share_snapshot:
            pass
            self.key._fetch_instances()
        elif _on == KafkaShareCoordinatorRecords.RecordType.share_update:
            pass
            self.key._fetch_instances()
        else:
            pass

    class ShareCoordinatorTagS4(KaitaiStruct):
        """A tagged field of Kafka type s4."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaShareCoordinatorRecords.ShareCoordinatorTagS4, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.value = self._io.read_s4be()


        def _fetch_instances(self):
            pass


    class ShareSnapshotKey(KaitaiStruct):
        """The key of record type 0 (ShareSnapshotKey)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaShareCoordinatorRecords.ShareSnapshotKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)
            self.topic_id = self._io.read_bytes(16)
            self.partition = self._io.read_s4be()


        def _fetch_instances(self):
            pass
            self.group_id._fetch_instances()


    class ShareSnapshotValue(KaitaiStruct):
        """The value of record type 0: an int16 version and ShareSnapshotValue (versions 0 to 0)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaShareCoordinatorRecords.ShareSnapshotValue, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.version = self._io.read_s2be()
            _on = self.version
            if _on == 0:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = KafkaShareCoordinatorRecords.ShareSnapshotValueBody(0, _io__raw_data, self, self._root)
            else:
                pass
                self.data = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass
            _on = self.version
            if _on == 0:
                pass
                self.data._fetch_instances()
            else:
                pass


    class ShareSnapshotValueBody(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaShareCoordinatorRecords.ShareSnapshotValueBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.snapshot_epoch = self._io.read_s4be()
            self.state_epoch = self._io.read_s4be()
            self.leader_epoch = self._io.read_s4be()
            self.start_offset = self._io.read_s8be()
            self.create_timestamp = self._io.read_s8be()
            self.write_timestamp = self._io.read_s8be()
            self.len_state_batches = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.state_batches = []
            for i in range((0 if self.len_state_batches.num_items < 0 else self.len_state_batches.num_items)):
                self.state_batches.append(KafkaShareCoordinatorRecords.ShareSnapshotValueBodyStateBatch(self.version, self._io, self, self._root))

            self.tagged_fields = KafkaShareCoordinatorRecords.ShareSnapshotValueBodyTags(self.version, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.len_state_batches._fetch_instances()
            for i in range(len(self.state_batches)):
                pass
                self.state_batches[i]._fetch_instances()

            self.tagged_fields._fetch_instances()


    class ShareSnapshotValueBodyStateBatch(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaShareCoordinatorRecords.ShareSnapshotValueBodyStateBatch, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.first_offset = self._io.read_s8be()
            self.last_offset = self._io.read_s8be()
            self.delivery_state = self._io.read_s1()
            self.delivery_count = self._io.read_s2be()
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class ShareSnapshotValueBodyTag(KaitaiStruct):
        """One tagged field: tag, length, and the data, decoded when the schema defines the tag."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaShareCoordinatorRecords.ShareSnapshotValueBodyTag, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.tag = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.len_data = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            _on = self.tag.value
            if _on == 0:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = KafkaShareCoordinatorRecords.ShareCoordinatorTagS4(_io__raw_data, self, self._root)
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
            else:
                pass


    class ShareSnapshotValueBodyTags(KaitaiStruct):
        """The tagged-field section, with the tags the schema defines decoded."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaShareCoordinatorRecords.ShareSnapshotValueBodyTags, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.num_fields = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.fields = []
            for i in range(self.num_fields.value):
                self.fields.append(KafkaShareCoordinatorRecords.ShareSnapshotValueBodyTag(self.version, self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.num_fields._fetch_instances()
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()



    class ShareUpdateKey(KaitaiStruct):
        """The key of record type 1 (ShareUpdateKey)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaShareCoordinatorRecords.ShareUpdateKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)
            self.topic_id = self._io.read_bytes(16)
            self.partition = self._io.read_s4be()


        def _fetch_instances(self):
            pass
            self.group_id._fetch_instances()


    class ShareUpdateValue(KaitaiStruct):
        """The value of record type 1: an int16 version and ShareUpdateValue (versions 0 to 0)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaShareCoordinatorRecords.ShareUpdateValue, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.version = self._io.read_s2be()
            _on = self.version
            if _on == 0:
                pass
                self._raw_data = self._io.read_bytes_full()
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = KafkaShareCoordinatorRecords.ShareUpdateValueBody(0, _io__raw_data, self, self._root)
            else:
                pass
                self.data = self._io.read_bytes_full()


        def _fetch_instances(self):
            pass
            _on = self.version
            if _on == 0:
                pass
                self.data._fetch_instances()
            else:
                pass


    class ShareUpdateValueBody(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaShareCoordinatorRecords.ShareUpdateValueBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.snapshot_epoch = self._io.read_s4be()
            self.leader_epoch = self._io.read_s4be()
            self.start_offset = self._io.read_s8be()
            self.len_state_batches = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.state_batches = []
            for i in range((0 if self.len_state_batches.num_items < 0 else self.len_state_batches.num_items)):
                self.state_batches.append(KafkaShareCoordinatorRecords.ShareUpdateValueBodyStateBatch(self.version, self._io, self, self._root))

            self.tagged_fields = KafkaShareCoordinatorRecords.ShareUpdateValueBodyTags(self.version, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.len_state_batches._fetch_instances()
            for i in range(len(self.state_batches)):
                pass
                self.state_batches[i]._fetch_instances()

            self.tagged_fields._fetch_instances()


    class ShareUpdateValueBodyStateBatch(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaShareCoordinatorRecords.ShareUpdateValueBodyStateBatch, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.first_offset = self._io.read_s8be()
            self.last_offset = self._io.read_s8be()
            self.delivery_state = self._io.read_s1()
            self.delivery_count = self._io.read_s2be()
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class ShareUpdateValueBodyTag(KaitaiStruct):
        """One tagged field: tag, length, and the data, decoded when the schema defines the tag."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaShareCoordinatorRecords.ShareUpdateValueBodyTag, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.tag = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.len_data = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            _on = self.tag.value
            if _on == 0:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = KafkaShareCoordinatorRecords.ShareCoordinatorTagS4(_io__raw_data, self, self._root)
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
            else:
                pass


    class ShareUpdateValueBodyTags(KaitaiStruct):
        """The tagged-field section, with the tags the schema defines decoded."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaShareCoordinatorRecords.ShareUpdateValueBodyTags, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.num_fields = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.fields = []
            for i in range(self.num_fields.value):
                self.fields.append(KafkaShareCoordinatorRecords.ShareUpdateValueBodyTag(self.version, self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.num_fields._fetch_instances()
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()




