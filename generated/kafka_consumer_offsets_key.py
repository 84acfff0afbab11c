# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import kafka_group_coordinator_records
from . import kafka_protocol_types
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaConsumerOffsetsKey(KaitaiStruct):
    """The key of a record of `__consumer_offsets`, the compacted internal topic where the group
    coordinator (a broker) persists consumer groups: one record per committed offset of a group,
    topic and partition, and one per group state change (its generation, protocol, leader and
    members). A group lives in partition `abs(groupId.hashCode) % offsets.topic.num.partitions`.
    Compaction keeps the last value of each key; a null value (tombstone) deletes the offset or
    the group.
    
    The key starts with an int16 that Kafka calls the key's version but that really is the record
    type: 0 and 1 are offset commits (`OffsetCommitKey`; brokers since 0.10 write 1), 2 is group
    metadata (`GroupMetadataKey`). The type also chooses the schema of the value:
    `kafka_offset_commit_value` for 0 and 1, `kafka_group_metadata_value` for 2. Keys are never
    flexible: strings are int16 length + UTF-8.
    
    Kafka 4.x writes more record types: the state of KIP-848 consumer groups (3 to 8 and 16),
    share groups (KIP-932, 10 to 15) and streams groups (KIP-1071, 17 to 23). Their keys and values
    are types of `kafka_group_coordinator_records` (the value of type `<name>` is its
    `<name>_value`). The key body of any other type stays raw bytes, for a reader to report.
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/group-coordinator/src/main/resources/common/message/OffsetCommitKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/group-coordinator/src/main/resources/common/message/GroupMetadataKey.json
    
    
    .. seealso::
       record_type = key version - https://github.com/apache/kafka/blob/3.9.0/group-coordinator/src/main/java/org/apache/kafka/coordinator/group/CoordinatorRecordSerde.java
    
    
    .. seealso::
       the *Key.json schemas of types 3 to 23 (apiKey = record type) - https://github.com/apache/kafka/tree/4.3.1/group-coordinator/src/main/resources/common/message
    """

    class RecordType(IntEnum):
        legacy_offset_commit = 0
        offset_commit = 1
        group_metadata = 2
        consumer_group_metadata = 3
        consumer_group_partition_metadata = 4
        consumer_group_member_metadata = 5
        consumer_group_target_assignment_metadata = 6
        consumer_group_target_assignment_member = 7
        consumer_group_current_member_assignment = 8
        share_group_member_metadata = 10
        share_group_metadata = 11
        share_group_target_assignment_metadata = 12
        share_group_target_assignment_member = 13
        share_group_current_member_assignment = 14
        share_group_state_partition_metadata = 15
        consumer_group_regular_expression = 16
        streams_group_metadata = 17
        streams_group_member_metadata = 19
        streams_group_target_assignment_metadata = 20
        streams_group_target_assignment_member = 21
        streams_group_current_member_assignment = 22
        streams_group_topology = 23
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaConsumerOffsetsKey, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.record_type = KaitaiStream.resolve_enum(KafkaConsumerOffsetsKey.RecordType, self._io.read_s2be())
        _on = self.record_type
        if _on == KafkaConsumerOffsetsKey.RecordType.consumer_group_current_member_assignment:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ConsumerGroupCurrentMemberAssignmentKey(_io__raw_key)
        elif _on == KafkaConsumerOffsetsKey.RecordType.consumer_group_member_metadata:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ConsumerGroupMemberMetadataKey(_io__raw_key)
        elif _on == KafkaConsumerOffsetsKey.RecordType.consumer_group_metadata:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ConsumerGroupMetadataKey(_io__raw_key)
        elif _on == KafkaConsumerOffsetsKey.RecordType.consumer_group_partition_metadata:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ConsumerGroupPartitionMetadataKey(_io__raw_key)
        elif _on == KafkaConsumerOffsetsKey.RecordType.consumer_group_regular_expression:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ConsumerGroupRegularExpressionKey(_io__raw_key)
        elif _on == KafkaConsumerOffsetsKey.RecordType.consumer_group_target_assignment_member:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ConsumerGroupTargetAssignmentMemberKey(_io__raw_key)
        elif _on == KafkaConsumerOffsetsKey.RecordType.consumer_group_target_assignment_metadata:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ConsumerGroupTargetAssignmentMetadataKey(_io__raw_key)
        elif _on == KafkaConsumerOffsetsKey.RecordType.group_metadata:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = KafkaConsumerOffsetsKey.GroupMetadataKey(_io__raw_key, self, self._root)
        elif _on == KafkaConsumerOffsetsKey.RecordType.legacy_offset_commit:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = KafkaConsumerOffsetsKey.OffsetCommitKey(_io__raw_key, self, self._root)
        elif _on == KafkaConsumerOffsetsKey.RecordType.offset_commit:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = KafkaConsumerOffsetsKey.OffsetCommitKey(_io__raw_key, self, self._root)
        elif _on == KafkaConsumerOffsetsKey.RecordType.share_group_current_member_assignment:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ShareGroupCurrentMemberAssignmentKey(_io__raw_key)
        elif _on == KafkaConsumerOffsetsKey.RecordType.share_group_member_metadata:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ShareGroupMemberMetadataKey(_io__raw_key)
        elif _on == KafkaConsumerOffsetsKey.RecordType.share_group_metadata:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ShareGroupMetadataKey(_io__raw_key)
        elif _on == KafkaConsumerOffsetsKey.RecordType.share_group_state_partition_metadata:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ShareGroupStatePartitionMetadataKey(_io__raw_key)
        elif _on == KafkaConsumerOffsetsKey.RecordType.share_group_target_assignment_member:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ShareGroupTargetAssignmentMemberKey(_io__raw_key)
        elif _on == KafkaConsumerOffsetsKey.RecordType.share_group_target_assignment_metadata:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ShareGroupTargetAssignmentMetadataKey(_io__raw_key)
        elif _on == KafkaConsumerOffsetsKey.RecordType.streams_group_current_member_assignment:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.StreamsGroupCurrentMemberAssignmentKey(_io__raw_key)
        elif _on == KafkaConsumerOffsetsKey.RecordType.streams_group_member_metadata:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.StreamsGroupMemberMetadataKey(_io__raw_key)
        elif _on == KafkaConsumerOffsetsKey.RecordType.streams_group_metadata:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.StreamsGroupMetadataKey(_io__raw_key)
        elif _on == KafkaConsumerOffsetsKey.RecordType.streams_group_target_assignment_member:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.StreamsGroupTargetAssignmentMemberKey(_io__raw_key)
        elif _on == KafkaConsumerOffsetsKey.RecordType.streams_group_target_assignment_metadata:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.StreamsGroupTargetAssignmentMetadataKey(_io__raw_key)
        elif _on == KafkaConsumerOffsetsKey.RecordType.streams_group_topology:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.StreamsGroupTopologyKey(_io__raw_key)
        else:
            pass
            self.key = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        _on = self.record_type
        if _on == KafkaConsumerOffsetsKey.RecordType.consumer_group_current_member_assignment:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.consumer_group_member_metadata:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.consumer_group_metadata:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.consumer_group_partition_metadata:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.consumer_group_regular_expression:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.consumer_group_target_assignment_member:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.consumer_group_target_assignment_metadata:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.group_metadata:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.legacy_offset_commit:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.offset_commit:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.share_group_current_member_assignment:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.share_group_member_metadata:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.share_group_metadata:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.share_group_state_partition_metadata:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.share_group_target_assignment_member:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.share_group_target_assignment_metadata:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.streams_group_current_member_assignment:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.streams_group_member_metadata:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.streams_group_metadata:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.streams_group_target_assignment_member:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.streams_group_target_assignment_metadata:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.streams_group_topology:
            pass
            self.key._fetch_instances()
        else:
            pass

    class GroupMetadataKey(KaitaiStruct):
        """Key of a group's metadata (record type 2): the group id."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaConsumerOffsetsKey.GroupMetadataKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)


        def _fetch_instances(self):
            pass
            self.group._fetch_instances()


    class OffsetCommitKey(KaitaiStruct):
        """Key of a committed offset (record types 0 and 1): group, topic and partition."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaConsumerOffsetsKey.OffsetCommitKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)
            self.topic = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)
            self.partition = self._io.read_s4be()


        def _fetch_instances(self):
            pass
            self.group._fetch_instances()
            self.topic._fetch_instances()



