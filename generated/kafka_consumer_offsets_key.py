# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
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
    
    Types 3 to 8 hold the state of KIP-848 consumer groups (Kafka 3.7+, `group.version` 1) and are
    not decoded here: their key body stays raw bytes, as does the body of any other type.
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/group-coordinator/src/main/resources/common/message/OffsetCommitKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/group-coordinator/src/main/resources/common/message/GroupMetadataKey.json
    
    
    .. seealso::
       record_type = key version - https://github.com/apache/kafka/blob/3.9.0/group-coordinator/src/main/java/org/apache/kafka/coordinator/group/CoordinatorRecordSerde.java
    
    
    .. seealso::
       the *Key.json schemas of types 3 to 8 (ConsumerGroupMetadataKey, ...) - https://github.com/apache/kafka/tree/3.9.0/group-coordinator/src/main/resources/common/message
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
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaConsumerOffsetsKey, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.record_type = KaitaiStream.resolve_enum(KafkaConsumerOffsetsKey.RecordType, self._io.read_s2be())
        _on = self.record_type
        if _on == KafkaConsumerOffsetsKey.RecordType.group_metadata:
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
        else:
            pass
            self.key = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        _on = self.record_type
        if _on == KafkaConsumerOffsetsKey.RecordType.group_metadata:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.legacy_offset_commit:
            pass
            self.key._fetch_instances()
        elif _on == KafkaConsumerOffsetsKey.RecordType.offset_commit:
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



