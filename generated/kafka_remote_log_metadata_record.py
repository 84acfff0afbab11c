# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import kafka_protocol_types
from . import kafka_unsigned_varint
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaRemoteLogMetadataRecord(KaitaiStruct):
    """The value of a record of `__remote_log_metadata`, the internal topic where the default remote
    log metadata manager of tiered storage (KIP-405, `TopicBasedRemoteLogMetadataManager`) keeps
    which log segments were copied to remote storage: a segment's metadata when its copy starts
    (state COPY_SEGMENT_STARTED), updates as it finishes or is deleted (COPY_SEGMENT_FINISHED,
    DELETE_SEGMENT_STARTED, DELETE_SEGMENT_FINISHED), and partition deletions. The snapshot record
    is the same metadata as kept in the manager's local snapshot files. Records have no key; the
    metadata of a user partition goes to the metadata partition its topic id and partition hash to.
    
    A value starts as a KRaft metadata record does (`kafka_metadata_record`): three unsigned
    varints, the frame version (1, `AbstractApiMessageSerde`'s, which `BytesApiMessageSerde`
    uses), the record type (apiKey) and its version, then the message in the flexible encoding.
    `data` is chosen by type and version (`api_key * 100 + version`); an unknown one stays raw
    bytes. Segment states: 0 COPY_SEGMENT_STARTED, 1 COPY_SEGMENT_FINISHED, 2 DELETE_SEGMENT_STARTED,
    3 DELETE_SEGMENT_FINISHED; partition states: 0 DELETE_PARTITION_MARKED,
    1 DELETE_PARTITION_STARTED, 2 DELETE_PARTITION_FINISHED.
    
    Written from the message schemas of Apache Kafka 4.3.1 (doc-ref) with
    tools/kafka_message_ksy.py; `-orig-id` keeps each field's name in the schema, `-nullable`
    marks the strings, bytes and arrays that may be null (Kafka's reader refuses a null in any
    other), and each struct's `-tagged-fields` the tags it defines (number, first version,
    default).
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/storage/src/main/resources/message/RemoteLogSegmentMetadataRecord.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/storage/src/main/resources/message/RemoteLogSegmentMetadataUpdateRecord.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/storage/src/main/resources/message/RemotePartitionDeleteMetadataRecord.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/storage/src/main/resources/message/RemoteLogSegmentMetadataSnapshotRecord.json
    """

    class RecordType(IntEnum):
        remote_log_segment_metadata_record = 0
        remote_log_segment_metadata_update_record = 1
        remote_partition_delete_metadata_record = 2
        remote_log_segment_metadata_snapshot_record = 3
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaRemoteLogMetadataRecord, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.frame_version = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
        self.api_key = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
        self.version = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
        _on = self.type_and_version
        if _on == 0:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataRecord(0, _io__raw_data, self, self._root)
        elif _on == 100:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataUpdateRecord(0, _io__raw_data, self, self._root)
        elif _on == 200:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaRemoteLogMetadataRecord.RemotePartitionDeleteMetadataRecord(0, _io__raw_data, self, self._root)
        elif _on == 300:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataSnapshotRecord(0, _io__raw_data, self, self._root)
        else:
            pass
            self.data = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        self.frame_version._fetch_instances()
        self.api_key._fetch_instances()
        self.version._fetch_instances()
        _on = self.type_and_version
        if _on == 0:
            pass
            self.data._fetch_instances()
        elif _on == 100:
            pass
            self.data._fetch_instances()
        elif _on == 200:
            pass
            self.data._fetch_instances()
        elif _on == 300:
            pass
            self.data._fetch_instances()
        else:
            pass

    class RemoteLogMetadataTagU1(KaitaiStruct):
        """A tagged field of Kafka type u1."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaRemoteLogMetadataRecord.RemoteLogMetadataTagU1, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.value = self._io.read_u1()


        def _fetch_instances(self):
            pass


    class RemoteLogSegmentMetadataRecord(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.remote_log_segment_id = KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataRecordRemoteLogSegmentIdEntry(self.version, self._io, self, self._root)
            self.start_offset = self._io.read_s8be()
            self.end_offset = self._io.read_s8be()
            self.broker_id = self._io.read_s4be()
            self.max_timestamp_ms = self._io.read_s8be()
            self.event_timestamp_ms = self._io.read_s8be()
            self.len_segment_leader_epochs = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.segment_leader_epochs = []
            for i in range((0 if self.len_segment_leader_epochs.num_items < 0 else self.len_segment_leader_epochs.num_items)):
                self.segment_leader_epochs.append(KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataRecordSegmentLeaderEpochEntry(self.version, self._io, self, self._root))

            self.segment_size_in_bytes = self._io.read_s4be()
            self.custom_metadata = kafka_protocol_types.KafkaProtocolTypes.Bytes(True, self._io)
            self.remote_log_segment_state = self._io.read_s1()
            self.tagged_fields = KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataRecordTags(self.version, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.remote_log_segment_id._fetch_instances()
            self.len_segment_leader_epochs._fetch_instances()
            for i in range(len(self.segment_leader_epochs)):
                pass
                self.segment_leader_epochs[i]._fetch_instances()

            self.custom_metadata._fetch_instances()
            self.tagged_fields._fetch_instances()


    class RemoteLogSegmentMetadataRecordRemoteLogSegmentIdEntry(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataRecordRemoteLogSegmentIdEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.topic_id_partition = KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataRecordRemoteLogSegmentIdEntryTopicIdPartitionEntry(self.version, self._io, self, self._root)
            self.id = self._io.read_bytes(16)
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.topic_id_partition._fetch_instances()
            self.tagged_fields._fetch_instances()


    class RemoteLogSegmentMetadataRecordRemoteLogSegmentIdEntryTopicIdPartitionEntry(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataRecordRemoteLogSegmentIdEntryTopicIdPartitionEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.name = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.id = self._io.read_bytes(16)
            self.partition = self._io.read_s4be()
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.name._fetch_instances()
            self.tagged_fields._fetch_instances()


    class RemoteLogSegmentMetadataRecordSegmentLeaderEpochEntry(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataRecordSegmentLeaderEpochEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.leader_epoch = self._io.read_s4be()
            self.offset = self._io.read_s8be()
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class RemoteLogSegmentMetadataRecordTag(KaitaiStruct):
        """One tagged field: tag, length, and the data, decoded when the schema defines the tag."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataRecordTag, self).__init__(_io)
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
                self.data = KafkaRemoteLogMetadataRecord.RemoteLogMetadataTagU1(_io__raw_data, self, self._root)
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


    class RemoteLogSegmentMetadataRecordTags(KaitaiStruct):
        """The tagged-field section, with the tags the schema defines decoded."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataRecordTags, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.num_fields = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.fields = []
            for i in range(self.num_fields.value):
                self.fields.append(KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataRecordTag(self.version, self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.num_fields._fetch_instances()
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()



    class RemoteLogSegmentMetadataSnapshotRecord(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataSnapshotRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.segment_id = self._io.read_bytes(16)
            self.start_offset = self._io.read_s8be()
            self.end_offset = self._io.read_s8be()
            self.broker_id = self._io.read_s4be()
            self.max_timestamp_ms = self._io.read_s8be()
            self.event_timestamp_ms = self._io.read_s8be()
            self.len_segment_leader_epochs = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.segment_leader_epochs = []
            for i in range((0 if self.len_segment_leader_epochs.num_items < 0 else self.len_segment_leader_epochs.num_items)):
                self.segment_leader_epochs.append(KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataSnapshotRecordSegmentLeaderEpochEntry(self.version, self._io, self, self._root))

            self.segment_size_in_bytes = self._io.read_s4be()
            self.custom_metadata = kafka_protocol_types.KafkaProtocolTypes.Bytes(True, self._io)
            self.remote_log_segment_state = self._io.read_s1()
            self.tagged_fields = KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataSnapshotRecordTags(self.version, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.len_segment_leader_epochs._fetch_instances()
            for i in range(len(self.segment_leader_epochs)):
                pass
                self.segment_leader_epochs[i]._fetch_instances()

            self.custom_metadata._fetch_instances()
            self.tagged_fields._fetch_instances()


    class RemoteLogSegmentMetadataSnapshotRecordSegmentLeaderEpochEntry(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataSnapshotRecordSegmentLeaderEpochEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.leader_epoch = self._io.read_s4be()
            self.offset = self._io.read_s8be()
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class RemoteLogSegmentMetadataSnapshotRecordTag(KaitaiStruct):
        """One tagged field: tag, length, and the data, decoded when the schema defines the tag."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataSnapshotRecordTag, self).__init__(_io)
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
                self.data = KafkaRemoteLogMetadataRecord.RemoteLogMetadataTagU1(_io__raw_data, self, self._root)
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


    class RemoteLogSegmentMetadataSnapshotRecordTags(KaitaiStruct):
        """The tagged-field section, with the tags the schema defines decoded."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataSnapshotRecordTags, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.num_fields = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.fields = []
            for i in range(self.num_fields.value):
                self.fields.append(KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataSnapshotRecordTag(self.version, self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.num_fields._fetch_instances()
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()



    class RemoteLogSegmentMetadataUpdateRecord(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataUpdateRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.remote_log_segment_id = KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataUpdateRecordRemoteLogSegmentIdEntry(self.version, self._io, self, self._root)
            self.broker_id = self._io.read_s4be()
            self.event_timestamp_ms = self._io.read_s8be()
            self.custom_metadata = kafka_protocol_types.KafkaProtocolTypes.Bytes(True, self._io)
            self.remote_log_segment_state = self._io.read_s1()
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.remote_log_segment_id._fetch_instances()
            self.custom_metadata._fetch_instances()
            self.tagged_fields._fetch_instances()


    class RemoteLogSegmentMetadataUpdateRecordRemoteLogSegmentIdEntry(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataUpdateRecordRemoteLogSegmentIdEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.topic_id_partition = KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataUpdateRecordRemoteLogSegmentIdEntryTopicIdPartitionEntry(self.version, self._io, self, self._root)
            self.id = self._io.read_bytes(16)
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.topic_id_partition._fetch_instances()
            self.tagged_fields._fetch_instances()


    class RemoteLogSegmentMetadataUpdateRecordRemoteLogSegmentIdEntryTopicIdPartitionEntry(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaRemoteLogMetadataRecord.RemoteLogSegmentMetadataUpdateRecordRemoteLogSegmentIdEntryTopicIdPartitionEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.name = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.id = self._io.read_bytes(16)
            self.partition = self._io.read_s4be()
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.name._fetch_instances()
            self.tagged_fields._fetch_instances()


    class RemotePartitionDeleteMetadataRecord(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaRemoteLogMetadataRecord.RemotePartitionDeleteMetadataRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.topic_id_partition = KafkaRemoteLogMetadataRecord.RemotePartitionDeleteMetadataRecordTopicIdPartitionEntry(self.version, self._io, self, self._root)
            self.broker_id = self._io.read_s4be()
            self.event_timestamp_ms = self._io.read_s8be()
            self.remote_partition_delete_state = self._io.read_s1()
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.topic_id_partition._fetch_instances()
            self.tagged_fields._fetch_instances()


    class RemotePartitionDeleteMetadataRecordTopicIdPartitionEntry(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaRemoteLogMetadataRecord.RemotePartitionDeleteMetadataRecordTopicIdPartitionEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.name = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.id = self._io.read_bytes(16)
            self.partition = self._io.read_s4be()
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.name._fetch_instances()
            self.tagged_fields._fetch_instances()


    @property
    def record_type(self):
        if hasattr(self, '_m_record_type'):
            return self._m_record_type

        self._m_record_type = KaitaiStream.resolve_enum(KafkaRemoteLogMetadataRecord.RecordType, self.api_key.value)
        return getattr(self, '_m_record_type', None)

    @property
    def type_and_version(self):
        """The key of the `data` switch; -1 for a frame version other than 1."""
        if hasattr(self, '_m_type_and_version'):
            return self._m_type_and_version

        self._m_type_and_version = (self.api_key.value * 100 + self.version.value if  ((self.frame_version.value == 1) and (self.version.value < 100))  else -1)
        return getattr(self, '_m_type_and_version', None)


