# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import kafka_protocol_types
from . import kafka_unsigned_varint
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaGroupCoordinatorRecords(KaitaiStruct):
    """The keys and values of the `__consumer_offsets` records that the group coordinator of Kafka 4.x
    writes besides offset commits and classic group metadata: the state of consumer groups of the
    KIP-848 protocol (record types 3 to 8 and 16: group epoch, subscribed topics' metadata, members,
    target assignment, current assignment, resolved regular expressions), of share groups (KIP-932,
    types 10 to 15) and of streams groups (KIP-1071, types 17 to 23). `kafka_consumer_offsets_key`
    reads the int16 record type in front of a key and chooses the key type here; the value of a
    record type is the type of the same name ending in `_value`: an int16 version and the message.
    A collection of types, like `kafka_protocol_types`: the top level reads nothing.
    
    Records of one group are written together in one batch (an "atomic" coordinator write), and
    compaction keeps the last value of each key; a tombstone deletes a member, an assignment or the
    group. Types 9 and 18 were used by pre-release versions of share and streams groups (partition
    metadata) and are no longer written.
    
    Written from the message schemas of Apache Kafka 4.3.1 (doc-ref) with
    tools/kafka_message_ksy.py; `-orig-id` keeps each field's name in the schema, `-nullable`
    marks the strings, bytes and arrays that may be null (Kafka's reader refuses a null in any
    other), and each struct's `-tagged-fields` the tags it defines (number, first version,
    default).
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupMetadataKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupMetadataValue.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupPartitionMetadataKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupPartitionMetadataValue.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupMemberMetadataKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupMemberMetadataValue.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupTargetAssignmentMetadataKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupTargetAssignmentMetadataValue.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupTargetAssignmentMemberKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupTargetAssignmentMemberValue.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupCurrentMemberAssignmentKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupCurrentMemberAssignmentValue.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupMemberMetadataKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupMemberMetadataValue.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupMetadataKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupMetadataValue.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupTargetAssignmentMetadataKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupTargetAssignmentMetadataValue.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupTargetAssignmentMemberKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupTargetAssignmentMemberValue.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupCurrentMemberAssignmentKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupCurrentMemberAssignmentValue.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupStatePartitionMetadataKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ShareGroupStatePartitionMetadataValue.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupRegularExpressionKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/ConsumerGroupRegularExpressionValue.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupMetadataKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupMetadataValue.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupMemberMetadataKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupMemberMetadataValue.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupTargetAssignmentMetadataKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupTargetAssignmentMetadataValue.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupTargetAssignmentMemberKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupTargetAssignmentMemberValue.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupCurrentMemberAssignmentKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupCurrentMemberAssignmentValue.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupTopologyKey.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/StreamsGroupTopologyValue.json
    """

    class RecordType(IntEnum):
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
        super(KafkaGroupCoordinatorRecords, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        pass


    def _fetch_instances(self):
        pass

    class ConsumerGroupCurrentMemberAssignmentKey(KaitaiStruct):
        """The key of record type 8 (ConsumerGroupCurrentMemberAssignmentKey)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupCurrentMemberAssignmentKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)
            self.member_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)


        def _fetch_instances(self):
            pass
            self.group_id._fetch_instances()
            self.member_id._fetch_instances()


    class ConsumerGroupCurrentMemberAssignmentValue(KaitaiStruct):
        """The value of record type 8: an int16 version and ConsumerGroupCurrentMemberAssignmentValue (versions 0 to 0)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupCurrentMemberAssignmentValue, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.ConsumerGroupCurrentMemberAssignmentValueBody(0, _io__raw_data, self, self._root)
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


    class ConsumerGroupCurrentMemberAssignmentValueBody(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupCurrentMemberAssignmentValueBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.member_epoch = self._io.read_s4be()
            self.previous_member_epoch = self._io.read_s4be()
            self.state = self._io.read_s1()
            self.len_assigned_partitions = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.assigned_partitions = []
            for i in range((0 if self.len_assigned_partitions.num_items < 0 else self.len_assigned_partitions.num_items)):
                self.assigned_partitions.append(KafkaGroupCoordinatorRecords.ConsumerGroupCurrentMemberAssignmentValueBodyTopicPartitions(self.version, self._io, self, self._root))

            self.len_partitions_pending_revocation = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.partitions_pending_revocation = []
            for i in range((0 if self.len_partitions_pending_revocation.num_items < 0 else self.len_partitions_pending_revocation.num_items)):
                self.partitions_pending_revocation.append(KafkaGroupCoordinatorRecords.ConsumerGroupCurrentMemberAssignmentValueBodyTopicPartitions(self.version, self._io, self, self._root))

            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.len_assigned_partitions._fetch_instances()
            for i in range(len(self.assigned_partitions)):
                pass
                self.assigned_partitions[i]._fetch_instances()

            self.len_partitions_pending_revocation._fetch_instances()
            for i in range(len(self.partitions_pending_revocation)):
                pass
                self.partitions_pending_revocation[i]._fetch_instances()

            self.tagged_fields._fetch_instances()


    class ConsumerGroupCurrentMemberAssignmentValueBodyTopicPartitions(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupCurrentMemberAssignmentValueBodyTopicPartitions, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.topic_id = self._io.read_bytes(16)
            self.partitions = kafka_protocol_types.KafkaProtocolTypes.Int32Array(True, self._io)
            self.tagged_fields = KafkaGroupCoordinatorRecords.ConsumerGroupCurrentMemberAssignmentValueBodyTopicPartitionsTags(self.version, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.partitions._fetch_instances()
            self.tagged_fields._fetch_instances()


    class ConsumerGroupCurrentMemberAssignmentValueBodyTopicPartitionsTag(KaitaiStruct):
        """One tagged field: tag, length, and the data, decoded when the schema defines the tag."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupCurrentMemberAssignmentValueBodyTopicPartitionsTag, self).__init__(_io)
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
                self.data = kafka_protocol_types.KafkaProtocolTypes.Int32Array(True, _io__raw_data)
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


    class ConsumerGroupCurrentMemberAssignmentValueBodyTopicPartitionsTags(KaitaiStruct):
        """The tagged-field section, with the tags the schema defines decoded."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupCurrentMemberAssignmentValueBodyTopicPartitionsTags, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.num_fields = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.fields = []
            for i in range(self.num_fields.value):
                self.fields.append(KafkaGroupCoordinatorRecords.ConsumerGroupCurrentMemberAssignmentValueBodyTopicPartitionsTag(self.version, self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.num_fields._fetch_instances()
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()



    class ConsumerGroupMemberMetadataKey(KaitaiStruct):
        """The key of record type 5 (ConsumerGroupMemberMetadataKey)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupMemberMetadataKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)
            self.member_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)


        def _fetch_instances(self):
            pass
            self.group_id._fetch_instances()
            self.member_id._fetch_instances()


    class ConsumerGroupMemberMetadataValue(KaitaiStruct):
        """The value of record type 5: an int16 version and ConsumerGroupMemberMetadataValue (versions 0 to 0)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupMemberMetadataValue, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.ConsumerGroupMemberMetadataValueBody(0, _io__raw_data, self, self._root)
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


    class ConsumerGroupMemberMetadataValueBody(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupMemberMetadataValueBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.instance_id = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.rack_id = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.client_id = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.client_host = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.subscribed_topic_names = kafka_protocol_types.KafkaProtocolTypes.StringArray(True, self._io)
            self.subscribed_topic_regex = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.rebalance_timeout_ms = self._io.read_s4be()
            self.server_assignor = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.tagged_fields = KafkaGroupCoordinatorRecords.ConsumerGroupMemberMetadataValueBodyTags(self.version, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.instance_id._fetch_instances()
            self.rack_id._fetch_instances()
            self.client_id._fetch_instances()
            self.client_host._fetch_instances()
            self.subscribed_topic_names._fetch_instances()
            self.subscribed_topic_regex._fetch_instances()
            self.server_assignor._fetch_instances()
            self.tagged_fields._fetch_instances()


    class ConsumerGroupMemberMetadataValueBodyClassicMemberMetadata(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupMemberMetadataValueBodyClassicMemberMetadata, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.session_timeout_ms = self._io.read_s4be()
            self.len_supported_protocols = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.supported_protocols = []
            for i in range((0 if self.len_supported_protocols.num_items < 0 else self.len_supported_protocols.num_items)):
                self.supported_protocols.append(KafkaGroupCoordinatorRecords.ConsumerGroupMemberMetadataValueBodyClassicMemberMetadataClassicProtocol(self.version, self._io, self, self._root))

            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.len_supported_protocols._fetch_instances()
            for i in range(len(self.supported_protocols)):
                pass
                self.supported_protocols[i]._fetch_instances()

            self.tagged_fields._fetch_instances()


    class ConsumerGroupMemberMetadataValueBodyClassicMemberMetadataClassicProtocol(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupMemberMetadataValueBodyClassicMemberMetadataClassicProtocol, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.name = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.metadata = kafka_protocol_types.KafkaProtocolTypes.Bytes(True, self._io)
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.name._fetch_instances()
            self.metadata._fetch_instances()
            self.tagged_fields._fetch_instances()


    class ConsumerGroupMemberMetadataValueBodyTag(KaitaiStruct):
        """One tagged field: tag, length, and the data, decoded when the schema defines the tag."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupMemberMetadataValueBodyTag, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.ConsumerGroupMemberMetadataValueBodyTagClassicMemberMetadata(self.version, _io__raw_data, self, self._root)
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


    class ConsumerGroupMemberMetadataValueBodyTagClassicMemberMetadata(KaitaiStruct):
        """The tagged field ClassicMemberMetadata: a structure."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupMemberMetadataValueBodyTagClassicMemberMetadata, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.present = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            if self.present.value > 0:
                pass
                self.value = KafkaGroupCoordinatorRecords.ConsumerGroupMemberMetadataValueBodyClassicMemberMetadata(self.version, self._io, self, self._root)



        def _fetch_instances(self):
            pass
            self.present._fetch_instances()
            if self.present.value > 0:
                pass
                self.value._fetch_instances()



    class ConsumerGroupMemberMetadataValueBodyTags(KaitaiStruct):
        """The tagged-field section, with the tags the schema defines decoded."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupMemberMetadataValueBodyTags, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.num_fields = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.fields = []
            for i in range(self.num_fields.value):
                self.fields.append(KafkaGroupCoordinatorRecords.ConsumerGroupMemberMetadataValueBodyTag(self.version, self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.num_fields._fetch_instances()
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()



    class ConsumerGroupMetadataKey(KaitaiStruct):
        """The key of record type 3 (ConsumerGroupMetadataKey)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupMetadataKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)


        def _fetch_instances(self):
            pass
            self.group_id._fetch_instances()


    class ConsumerGroupMetadataValue(KaitaiStruct):
        """The value of record type 3: an int16 version and ConsumerGroupMetadataValue (versions 0 to 0)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupMetadataValue, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.ConsumerGroupMetadataValueBody(0, _io__raw_data, self, self._root)
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


    class ConsumerGroupMetadataValueBody(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupMetadataValueBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.epoch = self._io.read_s4be()
            self.tagged_fields = KafkaGroupCoordinatorRecords.ConsumerGroupMetadataValueBodyTags(self.version, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class ConsumerGroupMetadataValueBodyTag(KaitaiStruct):
        """One tagged field: tag, length, and the data, decoded when the schema defines the tag."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupMetadataValueBodyTag, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.GroupCoordinatorTagS8(_io__raw_data, self, self._root)
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


    class ConsumerGroupMetadataValueBodyTags(KaitaiStruct):
        """The tagged-field section, with the tags the schema defines decoded."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupMetadataValueBodyTags, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.num_fields = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.fields = []
            for i in range(self.num_fields.value):
                self.fields.append(KafkaGroupCoordinatorRecords.ConsumerGroupMetadataValueBodyTag(self.version, self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.num_fields._fetch_instances()
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()



    class ConsumerGroupPartitionMetadataKey(KaitaiStruct):
        """The key of record type 4 (ConsumerGroupPartitionMetadataKey)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupPartitionMetadataKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)


        def _fetch_instances(self):
            pass
            self.group_id._fetch_instances()


    class ConsumerGroupPartitionMetadataValue(KaitaiStruct):
        """The value of record type 4: an int16 version and ConsumerGroupPartitionMetadataValue (versions 0 to 0)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupPartitionMetadataValue, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.ConsumerGroupPartitionMetadataValueBody(0, _io__raw_data, self, self._root)
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


    class ConsumerGroupPartitionMetadataValueBody(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupPartitionMetadataValueBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.len_topics = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.topics = []
            for i in range((0 if self.len_topics.num_items < 0 else self.len_topics.num_items)):
                self.topics.append(KafkaGroupCoordinatorRecords.ConsumerGroupPartitionMetadataValueBodyTopicMetadata(self.version, self._io, self, self._root))

            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.len_topics._fetch_instances()
            for i in range(len(self.topics)):
                pass
                self.topics[i]._fetch_instances()

            self.tagged_fields._fetch_instances()


    class ConsumerGroupPartitionMetadataValueBodyTopicMetadata(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupPartitionMetadataValueBodyTopicMetadata, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.topic_id = self._io.read_bytes(16)
            self.topic_name = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.num_partitions = self._io.read_s4be()
            self.len_partition_metadata = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.partition_metadata = []
            for i in range((0 if self.len_partition_metadata.num_items < 0 else self.len_partition_metadata.num_items)):
                self.partition_metadata.append(KafkaGroupCoordinatorRecords.ConsumerGroupPartitionMetadataValueBodyTopicMetadataPartitionMetadata(self.version, self._io, self, self._root))

            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.topic_name._fetch_instances()
            self.len_partition_metadata._fetch_instances()
            for i in range(len(self.partition_metadata)):
                pass
                self.partition_metadata[i]._fetch_instances()

            self.tagged_fields._fetch_instances()


    class ConsumerGroupPartitionMetadataValueBodyTopicMetadataPartitionMetadata(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupPartitionMetadataValueBodyTopicMetadataPartitionMetadata, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.partition = self._io.read_s4be()
            self.racks = kafka_protocol_types.KafkaProtocolTypes.StringArray(True, self._io)
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.racks._fetch_instances()
            self.tagged_fields._fetch_instances()


    class ConsumerGroupRegularExpressionKey(KaitaiStruct):
        """The key of record type 16 (ConsumerGroupRegularExpressionKey)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupRegularExpressionKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)
            self.regular_expression = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)


        def _fetch_instances(self):
            pass
            self.group_id._fetch_instances()
            self.regular_expression._fetch_instances()


    class ConsumerGroupRegularExpressionValue(KaitaiStruct):
        """The value of record type 16: an int16 version and ConsumerGroupRegularExpressionValue (versions 0 to 0)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupRegularExpressionValue, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.ConsumerGroupRegularExpressionValueBody(0, _io__raw_data, self, self._root)
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


    class ConsumerGroupRegularExpressionValueBody(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupRegularExpressionValueBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.topics = kafka_protocol_types.KafkaProtocolTypes.StringArray(True, self._io)
            self.version_ = self._io.read_s8be()
            self.timestamp = self._io.read_s8be()
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.topics._fetch_instances()
            self.tagged_fields._fetch_instances()


    class ConsumerGroupTargetAssignmentMemberKey(KaitaiStruct):
        """The key of record type 7 (ConsumerGroupTargetAssignmentMemberKey)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupTargetAssignmentMemberKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)
            self.member_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)


        def _fetch_instances(self):
            pass
            self.group_id._fetch_instances()
            self.member_id._fetch_instances()


    class ConsumerGroupTargetAssignmentMemberValue(KaitaiStruct):
        """The value of record type 7: an int16 version and ConsumerGroupTargetAssignmentMemberValue (versions 0 to 0)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupTargetAssignmentMemberValue, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.ConsumerGroupTargetAssignmentMemberValueBody(0, _io__raw_data, self, self._root)
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


    class ConsumerGroupTargetAssignmentMemberValueBody(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupTargetAssignmentMemberValueBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.len_topic_partitions = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.topic_partitions = []
            for i in range((0 if self.len_topic_partitions.num_items < 0 else self.len_topic_partitions.num_items)):
                self.topic_partitions.append(KafkaGroupCoordinatorRecords.ConsumerGroupTargetAssignmentMemberValueBodyTopicPartition(self.version, self._io, self, self._root))

            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.len_topic_partitions._fetch_instances()
            for i in range(len(self.topic_partitions)):
                pass
                self.topic_partitions[i]._fetch_instances()

            self.tagged_fields._fetch_instances()


    class ConsumerGroupTargetAssignmentMemberValueBodyTopicPartition(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupTargetAssignmentMemberValueBodyTopicPartition, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.topic_id = self._io.read_bytes(16)
            self.partitions = kafka_protocol_types.KafkaProtocolTypes.Int32Array(True, self._io)
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.partitions._fetch_instances()
            self.tagged_fields._fetch_instances()


    class ConsumerGroupTargetAssignmentMetadataKey(KaitaiStruct):
        """The key of record type 6 (ConsumerGroupTargetAssignmentMetadataKey)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupTargetAssignmentMetadataKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)


        def _fetch_instances(self):
            pass
            self.group_id._fetch_instances()


    class ConsumerGroupTargetAssignmentMetadataValue(KaitaiStruct):
        """The value of record type 6: an int16 version and ConsumerGroupTargetAssignmentMetadataValue (versions 0 to 0)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupTargetAssignmentMetadataValue, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.ConsumerGroupTargetAssignmentMetadataValueBody(0, _io__raw_data, self, self._root)
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


    class ConsumerGroupTargetAssignmentMetadataValueBody(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupTargetAssignmentMetadataValueBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.assignment_epoch = self._io.read_s4be()
            self.tagged_fields = KafkaGroupCoordinatorRecords.ConsumerGroupTargetAssignmentMetadataValueBodyTags(self.version, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class ConsumerGroupTargetAssignmentMetadataValueBodyTag(KaitaiStruct):
        """One tagged field: tag, length, and the data, decoded when the schema defines the tag."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupTargetAssignmentMetadataValueBodyTag, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.GroupCoordinatorTagS8(_io__raw_data, self, self._root)
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


    class ConsumerGroupTargetAssignmentMetadataValueBodyTags(KaitaiStruct):
        """The tagged-field section, with the tags the schema defines decoded."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ConsumerGroupTargetAssignmentMetadataValueBodyTags, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.num_fields = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.fields = []
            for i in range(self.num_fields.value):
                self.fields.append(KafkaGroupCoordinatorRecords.ConsumerGroupTargetAssignmentMetadataValueBodyTag(self.version, self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.num_fields._fetch_instances()
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()



    class GroupCoordinatorInt16Array(KaitaiStruct):
        """An array of int16 (`[]int16`)."""
        def __init__(self, flexible, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.GroupCoordinatorInt16Array, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.flexible = flexible
            self._read()

        def _read(self):
            self.len_items = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(self.flexible, self._io)
            self.items = []
            for i in range((0 if self.len_items.num_items < 0 else self.len_items.num_items)):
                self.items.append(self._io.read_s2be())



        def _fetch_instances(self):
            pass
            self.len_items._fetch_instances()
            for i in range(len(self.items)):
                pass



    class GroupCoordinatorTagS4(KaitaiStruct):
        """A tagged field of Kafka type s4."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.GroupCoordinatorTagS4, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.value = self._io.read_s4be()


        def _fetch_instances(self):
            pass


    class GroupCoordinatorTagS8(KaitaiStruct):
        """A tagged field of Kafka type s8."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.GroupCoordinatorTagS8, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.value = self._io.read_s8be()


        def _fetch_instances(self):
            pass


    class ShareGroupCurrentMemberAssignmentKey(KaitaiStruct):
        """The key of record type 14 (ShareGroupCurrentMemberAssignmentKey)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupCurrentMemberAssignmentKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)
            self.member_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)


        def _fetch_instances(self):
            pass
            self.group_id._fetch_instances()
            self.member_id._fetch_instances()


    class ShareGroupCurrentMemberAssignmentValue(KaitaiStruct):
        """The value of record type 14: an int16 version and ShareGroupCurrentMemberAssignmentValue (versions 0 to 0)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupCurrentMemberAssignmentValue, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.ShareGroupCurrentMemberAssignmentValueBody(0, _io__raw_data, self, self._root)
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


    class ShareGroupCurrentMemberAssignmentValueBody(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupCurrentMemberAssignmentValueBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.member_epoch = self._io.read_s4be()
            self.previous_member_epoch = self._io.read_s4be()
            self.state = self._io.read_s1()
            self.len_assigned_partitions = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.assigned_partitions = []
            for i in range((0 if self.len_assigned_partitions.num_items < 0 else self.len_assigned_partitions.num_items)):
                self.assigned_partitions.append(KafkaGroupCoordinatorRecords.ShareGroupCurrentMemberAssignmentValueBodyTopicPartitions(self.version, self._io, self, self._root))

            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.len_assigned_partitions._fetch_instances()
            for i in range(len(self.assigned_partitions)):
                pass
                self.assigned_partitions[i]._fetch_instances()

            self.tagged_fields._fetch_instances()


    class ShareGroupCurrentMemberAssignmentValueBodyTopicPartitions(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupCurrentMemberAssignmentValueBodyTopicPartitions, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.topic_id = self._io.read_bytes(16)
            self.partitions = kafka_protocol_types.KafkaProtocolTypes.Int32Array(True, self._io)
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.partitions._fetch_instances()
            self.tagged_fields._fetch_instances()


    class ShareGroupMemberMetadataKey(KaitaiStruct):
        """The key of record type 10 (ShareGroupMemberMetadataKey)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupMemberMetadataKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)
            self.member_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)


        def _fetch_instances(self):
            pass
            self.group_id._fetch_instances()
            self.member_id._fetch_instances()


    class ShareGroupMemberMetadataValue(KaitaiStruct):
        """The value of record type 10: an int16 version and ShareGroupMemberMetadataValue (versions 0 to 0)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupMemberMetadataValue, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.ShareGroupMemberMetadataValueBody(0, _io__raw_data, self, self._root)
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


    class ShareGroupMemberMetadataValueBody(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupMemberMetadataValueBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.rack_id = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.client_id = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.client_host = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.subscribed_topic_names = kafka_protocol_types.KafkaProtocolTypes.StringArray(True, self._io)
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.rack_id._fetch_instances()
            self.client_id._fetch_instances()
            self.client_host._fetch_instances()
            self.subscribed_topic_names._fetch_instances()
            self.tagged_fields._fetch_instances()


    class ShareGroupMetadataKey(KaitaiStruct):
        """The key of record type 11 (ShareGroupMetadataKey)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupMetadataKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)


        def _fetch_instances(self):
            pass
            self.group_id._fetch_instances()


    class ShareGroupMetadataValue(KaitaiStruct):
        """The value of record type 11: an int16 version and ShareGroupMetadataValue (versions 0 to 0)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupMetadataValue, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.ShareGroupMetadataValueBody(0, _io__raw_data, self, self._root)
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


    class ShareGroupMetadataValueBody(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupMetadataValueBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.epoch = self._io.read_s4be()
            self.metadata_hash = self._io.read_s8be()
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class ShareGroupStatePartitionMetadataKey(KaitaiStruct):
        """The key of record type 15 (ShareGroupStatePartitionMetadataKey)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupStatePartitionMetadataKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)


        def _fetch_instances(self):
            pass
            self.group_id._fetch_instances()


    class ShareGroupStatePartitionMetadataValue(KaitaiStruct):
        """The value of record type 15: an int16 version and ShareGroupStatePartitionMetadataValue (versions 0 to 0)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupStatePartitionMetadataValue, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.ShareGroupStatePartitionMetadataValueBody(0, _io__raw_data, self, self._root)
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


    class ShareGroupStatePartitionMetadataValueBody(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupStatePartitionMetadataValueBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.len_initializing_topics = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.initializing_topics = []
            for i in range((0 if self.len_initializing_topics.num_items < 0 else self.len_initializing_topics.num_items)):
                self.initializing_topics.append(KafkaGroupCoordinatorRecords.ShareGroupStatePartitionMetadataValueBodyTopicPartitionsInfo(self.version, self._io, self, self._root))

            self.len_initialized_topics = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.initialized_topics = []
            for i in range((0 if self.len_initialized_topics.num_items < 0 else self.len_initialized_topics.num_items)):
                self.initialized_topics.append(KafkaGroupCoordinatorRecords.ShareGroupStatePartitionMetadataValueBodyTopicPartitionsInfo(self.version, self._io, self, self._root))

            self.len_deleting_topics = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.deleting_topics = []
            for i in range((0 if self.len_deleting_topics.num_items < 0 else self.len_deleting_topics.num_items)):
                self.deleting_topics.append(KafkaGroupCoordinatorRecords.ShareGroupStatePartitionMetadataValueBodyTopicInfo(self.version, self._io, self, self._root))

            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.len_initializing_topics._fetch_instances()
            for i in range(len(self.initializing_topics)):
                pass
                self.initializing_topics[i]._fetch_instances()

            self.len_initialized_topics._fetch_instances()
            for i in range(len(self.initialized_topics)):
                pass
                self.initialized_topics[i]._fetch_instances()

            self.len_deleting_topics._fetch_instances()
            for i in range(len(self.deleting_topics)):
                pass
                self.deleting_topics[i]._fetch_instances()

            self.tagged_fields._fetch_instances()


    class ShareGroupStatePartitionMetadataValueBodyTopicInfo(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupStatePartitionMetadataValueBodyTopicInfo, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.topic_id = self._io.read_bytes(16)
            self.topic_name = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.topic_name._fetch_instances()
            self.tagged_fields._fetch_instances()


    class ShareGroupStatePartitionMetadataValueBodyTopicPartitionsInfo(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupStatePartitionMetadataValueBodyTopicPartitionsInfo, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.topic_id = self._io.read_bytes(16)
            self.topic_name = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.partitions = kafka_protocol_types.KafkaProtocolTypes.Int32Array(True, self._io)
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.topic_name._fetch_instances()
            self.partitions._fetch_instances()
            self.tagged_fields._fetch_instances()


    class ShareGroupTargetAssignmentMemberKey(KaitaiStruct):
        """The key of record type 13 (ShareGroupTargetAssignmentMemberKey)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupTargetAssignmentMemberKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)
            self.member_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)


        def _fetch_instances(self):
            pass
            self.group_id._fetch_instances()
            self.member_id._fetch_instances()


    class ShareGroupTargetAssignmentMemberValue(KaitaiStruct):
        """The value of record type 13: an int16 version and ShareGroupTargetAssignmentMemberValue (versions 0 to 0)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupTargetAssignmentMemberValue, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.ShareGroupTargetAssignmentMemberValueBody(0, _io__raw_data, self, self._root)
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


    class ShareGroupTargetAssignmentMemberValueBody(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupTargetAssignmentMemberValueBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.len_topic_partitions = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.topic_partitions = []
            for i in range((0 if self.len_topic_partitions.num_items < 0 else self.len_topic_partitions.num_items)):
                self.topic_partitions.append(KafkaGroupCoordinatorRecords.ShareGroupTargetAssignmentMemberValueBodyTopicPartition(self.version, self._io, self, self._root))

            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.len_topic_partitions._fetch_instances()
            for i in range(len(self.topic_partitions)):
                pass
                self.topic_partitions[i]._fetch_instances()

            self.tagged_fields._fetch_instances()


    class ShareGroupTargetAssignmentMemberValueBodyTopicPartition(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupTargetAssignmentMemberValueBodyTopicPartition, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.topic_id = self._io.read_bytes(16)
            self.partitions = kafka_protocol_types.KafkaProtocolTypes.Int32Array(True, self._io)
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.partitions._fetch_instances()
            self.tagged_fields._fetch_instances()


    class ShareGroupTargetAssignmentMetadataKey(KaitaiStruct):
        """The key of record type 12 (ShareGroupTargetAssignmentMetadataKey)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupTargetAssignmentMetadataKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)


        def _fetch_instances(self):
            pass
            self.group_id._fetch_instances()


    class ShareGroupTargetAssignmentMetadataValue(KaitaiStruct):
        """The value of record type 12: an int16 version and ShareGroupTargetAssignmentMetadataValue (versions 0 to 0)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupTargetAssignmentMetadataValue, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.ShareGroupTargetAssignmentMetadataValueBody(0, _io__raw_data, self, self._root)
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


    class ShareGroupTargetAssignmentMetadataValueBody(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupTargetAssignmentMetadataValueBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.assignment_epoch = self._io.read_s4be()
            self.tagged_fields = KafkaGroupCoordinatorRecords.ShareGroupTargetAssignmentMetadataValueBodyTags(self.version, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class ShareGroupTargetAssignmentMetadataValueBodyTag(KaitaiStruct):
        """One tagged field: tag, length, and the data, decoded when the schema defines the tag."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupTargetAssignmentMetadataValueBodyTag, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.GroupCoordinatorTagS8(_io__raw_data, self, self._root)
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


    class ShareGroupTargetAssignmentMetadataValueBodyTags(KaitaiStruct):
        """The tagged-field section, with the tags the schema defines decoded."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.ShareGroupTargetAssignmentMetadataValueBodyTags, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.num_fields = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.fields = []
            for i in range(self.num_fields.value):
                self.fields.append(KafkaGroupCoordinatorRecords.ShareGroupTargetAssignmentMetadataValueBodyTag(self.version, self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.num_fields._fetch_instances()
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()



    class StreamsGroupCurrentMemberAssignmentKey(KaitaiStruct):
        """The key of record type 22 (StreamsGroupCurrentMemberAssignmentKey)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupCurrentMemberAssignmentKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)
            self.member_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)


        def _fetch_instances(self):
            pass
            self.group_id._fetch_instances()
            self.member_id._fetch_instances()


    class StreamsGroupCurrentMemberAssignmentValue(KaitaiStruct):
        """The value of record type 22: an int16 version and StreamsGroupCurrentMemberAssignmentValue (versions 0 to 0)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupCurrentMemberAssignmentValue, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.StreamsGroupCurrentMemberAssignmentValueBody(0, _io__raw_data, self, self._root)
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


    class StreamsGroupCurrentMemberAssignmentValueBody(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupCurrentMemberAssignmentValueBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.member_epoch = self._io.read_s4be()
            self.previous_member_epoch = self._io.read_s4be()
            self.state = self._io.read_s1()
            self.len_active_tasks = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.active_tasks = []
            for i in range((0 if self.len_active_tasks.num_items < 0 else self.len_active_tasks.num_items)):
                self.active_tasks.append(KafkaGroupCoordinatorRecords.StreamsGroupCurrentMemberAssignmentValueBodyTaskIds(self.version, self._io, self, self._root))

            self.len_standby_tasks = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.standby_tasks = []
            for i in range((0 if self.len_standby_tasks.num_items < 0 else self.len_standby_tasks.num_items)):
                self.standby_tasks.append(KafkaGroupCoordinatorRecords.StreamsGroupCurrentMemberAssignmentValueBodyTaskIds(self.version, self._io, self, self._root))

            self.len_warmup_tasks = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.warmup_tasks = []
            for i in range((0 if self.len_warmup_tasks.num_items < 0 else self.len_warmup_tasks.num_items)):
                self.warmup_tasks.append(KafkaGroupCoordinatorRecords.StreamsGroupCurrentMemberAssignmentValueBodyTaskIds(self.version, self._io, self, self._root))

            self.len_active_tasks_pending_revocation = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.active_tasks_pending_revocation = []
            for i in range((0 if self.len_active_tasks_pending_revocation.num_items < 0 else self.len_active_tasks_pending_revocation.num_items)):
                self.active_tasks_pending_revocation.append(KafkaGroupCoordinatorRecords.StreamsGroupCurrentMemberAssignmentValueBodyTaskIds(self.version, self._io, self, self._root))

            self.len_standby_tasks_pending_revocation = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.standby_tasks_pending_revocation = []
            for i in range((0 if self.len_standby_tasks_pending_revocation.num_items < 0 else self.len_standby_tasks_pending_revocation.num_items)):
                self.standby_tasks_pending_revocation.append(KafkaGroupCoordinatorRecords.StreamsGroupCurrentMemberAssignmentValueBodyTaskIds(self.version, self._io, self, self._root))

            self.len_warmup_tasks_pending_revocation = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.warmup_tasks_pending_revocation = []
            for i in range((0 if self.len_warmup_tasks_pending_revocation.num_items < 0 else self.len_warmup_tasks_pending_revocation.num_items)):
                self.warmup_tasks_pending_revocation.append(KafkaGroupCoordinatorRecords.StreamsGroupCurrentMemberAssignmentValueBodyTaskIds(self.version, self._io, self, self._root))

            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.len_active_tasks._fetch_instances()
            for i in range(len(self.active_tasks)):
                pass
                self.active_tasks[i]._fetch_instances()

            self.len_standby_tasks._fetch_instances()
            for i in range(len(self.standby_tasks)):
                pass
                self.standby_tasks[i]._fetch_instances()

            self.len_warmup_tasks._fetch_instances()
            for i in range(len(self.warmup_tasks)):
                pass
                self.warmup_tasks[i]._fetch_instances()

            self.len_active_tasks_pending_revocation._fetch_instances()
            for i in range(len(self.active_tasks_pending_revocation)):
                pass
                self.active_tasks_pending_revocation[i]._fetch_instances()

            self.len_standby_tasks_pending_revocation._fetch_instances()
            for i in range(len(self.standby_tasks_pending_revocation)):
                pass
                self.standby_tasks_pending_revocation[i]._fetch_instances()

            self.len_warmup_tasks_pending_revocation._fetch_instances()
            for i in range(len(self.warmup_tasks_pending_revocation)):
                pass
                self.warmup_tasks_pending_revocation[i]._fetch_instances()

            self.tagged_fields._fetch_instances()


    class StreamsGroupCurrentMemberAssignmentValueBodyTaskIds(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupCurrentMemberAssignmentValueBodyTaskIds, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.subtopology_id = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.partitions = kafka_protocol_types.KafkaProtocolTypes.Int32Array(True, self._io)
            self.tagged_fields = KafkaGroupCoordinatorRecords.StreamsGroupCurrentMemberAssignmentValueBodyTaskIdsTags(self.version, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.subtopology_id._fetch_instances()
            self.partitions._fetch_instances()
            self.tagged_fields._fetch_instances()


    class StreamsGroupCurrentMemberAssignmentValueBodyTaskIdsTag(KaitaiStruct):
        """One tagged field: tag, length, and the data, decoded when the schema defines the tag."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupCurrentMemberAssignmentValueBodyTaskIdsTag, self).__init__(_io)
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
                self.data = kafka_protocol_types.KafkaProtocolTypes.Int32Array(True, _io__raw_data)
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


    class StreamsGroupCurrentMemberAssignmentValueBodyTaskIdsTags(KaitaiStruct):
        """The tagged-field section, with the tags the schema defines decoded."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupCurrentMemberAssignmentValueBodyTaskIdsTags, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.num_fields = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.fields = []
            for i in range(self.num_fields.value):
                self.fields.append(KafkaGroupCoordinatorRecords.StreamsGroupCurrentMemberAssignmentValueBodyTaskIdsTag(self.version, self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.num_fields._fetch_instances()
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()



    class StreamsGroupMemberMetadataKey(KaitaiStruct):
        """The key of record type 19 (StreamsGroupMemberMetadataKey)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupMemberMetadataKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)
            self.member_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)


        def _fetch_instances(self):
            pass
            self.group_id._fetch_instances()
            self.member_id._fetch_instances()


    class StreamsGroupMemberMetadataValue(KaitaiStruct):
        """The value of record type 19: an int16 version and StreamsGroupMemberMetadataValue (versions 0 to 0)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupMemberMetadataValue, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.StreamsGroupMemberMetadataValueBody(0, _io__raw_data, self, self._root)
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


    class StreamsGroupMemberMetadataValueBody(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupMemberMetadataValueBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.instance_id = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.rack_id = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.client_id = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.client_host = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.rebalance_timeout_ms = self._io.read_s4be()
            self.topology_epoch = self._io.read_s4be()
            self.process_id = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.present_user_endpoint = self._io.read_s1()
            if self.present_user_endpoint >= 0:
                pass
                self.user_endpoint = KafkaGroupCoordinatorRecords.StreamsGroupMemberMetadataValueBodyEndpoint(self.version, self._io, self, self._root)

            self.len_client_tags = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.client_tags = []
            for i in range((0 if self.len_client_tags.num_items < 0 else self.len_client_tags.num_items)):
                self.client_tags.append(KafkaGroupCoordinatorRecords.StreamsGroupMemberMetadataValueBodyKeyValue(self.version, self._io, self, self._root))

            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.instance_id._fetch_instances()
            self.rack_id._fetch_instances()
            self.client_id._fetch_instances()
            self.client_host._fetch_instances()
            self.process_id._fetch_instances()
            if self.present_user_endpoint >= 0:
                pass
                self.user_endpoint._fetch_instances()

            self.len_client_tags._fetch_instances()
            for i in range(len(self.client_tags)):
                pass
                self.client_tags[i]._fetch_instances()

            self.tagged_fields._fetch_instances()


    class StreamsGroupMemberMetadataValueBodyEndpoint(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupMemberMetadataValueBodyEndpoint, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.host = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.port = self._io.read_u2be()
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.host._fetch_instances()
            self.tagged_fields._fetch_instances()


    class StreamsGroupMemberMetadataValueBodyKeyValue(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupMemberMetadataValueBodyKeyValue, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.key = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.value = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.key._fetch_instances()
            self.value._fetch_instances()
            self.tagged_fields._fetch_instances()


    class StreamsGroupMetadataKey(KaitaiStruct):
        """The key of record type 17 (StreamsGroupMetadataKey)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupMetadataKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)


        def _fetch_instances(self):
            pass
            self.group_id._fetch_instances()


    class StreamsGroupMetadataValue(KaitaiStruct):
        """The value of record type 17: an int16 version and StreamsGroupMetadataValue (versions 0 to 0)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupMetadataValue, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.StreamsGroupMetadataValueBody(0, _io__raw_data, self, self._root)
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


    class StreamsGroupMetadataValueBody(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupMetadataValueBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.epoch = self._io.read_s4be()
            self.metadata_hash = self._io.read_s8be()
            self.tagged_fields = KafkaGroupCoordinatorRecords.StreamsGroupMetadataValueBodyTags(self.version, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class StreamsGroupMetadataValueBodyLastAssignmentConfig(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupMetadataValueBodyLastAssignmentConfig, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.key = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.value = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.key._fetch_instances()
            self.value._fetch_instances()
            self.tagged_fields._fetch_instances()


    class StreamsGroupMetadataValueBodyTag(KaitaiStruct):
        """One tagged field: tag, length, and the data, decoded when the schema defines the tag."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupMetadataValueBodyTag, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.GroupCoordinatorTagS4(_io__raw_data, self, self._root)
            elif _on == 1:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = KafkaGroupCoordinatorRecords.StreamsGroupMetadataValueBodyTagLastAssignmentConfigs(self.version, _io__raw_data, self, self._root)
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
            else:
                pass


    class StreamsGroupMetadataValueBodyTagLastAssignmentConfigs(KaitaiStruct):
        """The tagged field LastAssignmentConfigs: a compact array."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupMetadataValueBodyTagLastAssignmentConfigs, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.len_items = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.items = []
            for i in range((0 if self.len_items.num_items < 0 else self.len_items.num_items)):
                self.items.append(KafkaGroupCoordinatorRecords.StreamsGroupMetadataValueBodyLastAssignmentConfig(self.version, self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.len_items._fetch_instances()
            for i in range(len(self.items)):
                pass
                self.items[i]._fetch_instances()



    class StreamsGroupMetadataValueBodyTags(KaitaiStruct):
        """The tagged-field section, with the tags the schema defines decoded."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupMetadataValueBodyTags, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.num_fields = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.fields = []
            for i in range(self.num_fields.value):
                self.fields.append(KafkaGroupCoordinatorRecords.StreamsGroupMetadataValueBodyTag(self.version, self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.num_fields._fetch_instances()
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()



    class StreamsGroupTargetAssignmentMemberKey(KaitaiStruct):
        """The key of record type 21 (StreamsGroupTargetAssignmentMemberKey)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupTargetAssignmentMemberKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)
            self.member_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)


        def _fetch_instances(self):
            pass
            self.group_id._fetch_instances()
            self.member_id._fetch_instances()


    class StreamsGroupTargetAssignmentMemberValue(KaitaiStruct):
        """The value of record type 21: an int16 version and StreamsGroupTargetAssignmentMemberValue (versions 0 to 0)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupTargetAssignmentMemberValue, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.StreamsGroupTargetAssignmentMemberValueBody(0, _io__raw_data, self, self._root)
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


    class StreamsGroupTargetAssignmentMemberValueBody(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupTargetAssignmentMemberValueBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.len_active_tasks = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.active_tasks = []
            for i in range((0 if self.len_active_tasks.num_items < 0 else self.len_active_tasks.num_items)):
                self.active_tasks.append(KafkaGroupCoordinatorRecords.StreamsGroupTargetAssignmentMemberValueBodyTaskIds(self.version, self._io, self, self._root))

            self.len_standby_tasks = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.standby_tasks = []
            for i in range((0 if self.len_standby_tasks.num_items < 0 else self.len_standby_tasks.num_items)):
                self.standby_tasks.append(KafkaGroupCoordinatorRecords.StreamsGroupTargetAssignmentMemberValueBodyTaskIds(self.version, self._io, self, self._root))

            self.len_warmup_tasks = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.warmup_tasks = []
            for i in range((0 if self.len_warmup_tasks.num_items < 0 else self.len_warmup_tasks.num_items)):
                self.warmup_tasks.append(KafkaGroupCoordinatorRecords.StreamsGroupTargetAssignmentMemberValueBodyTaskIds(self.version, self._io, self, self._root))

            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.len_active_tasks._fetch_instances()
            for i in range(len(self.active_tasks)):
                pass
                self.active_tasks[i]._fetch_instances()

            self.len_standby_tasks._fetch_instances()
            for i in range(len(self.standby_tasks)):
                pass
                self.standby_tasks[i]._fetch_instances()

            self.len_warmup_tasks._fetch_instances()
            for i in range(len(self.warmup_tasks)):
                pass
                self.warmup_tasks[i]._fetch_instances()

            self.tagged_fields._fetch_instances()


    class StreamsGroupTargetAssignmentMemberValueBodyTaskIds(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupTargetAssignmentMemberValueBodyTaskIds, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.subtopology_id = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.partitions = kafka_protocol_types.KafkaProtocolTypes.Int32Array(True, self._io)
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.subtopology_id._fetch_instances()
            self.partitions._fetch_instances()
            self.tagged_fields._fetch_instances()


    class StreamsGroupTargetAssignmentMetadataKey(KaitaiStruct):
        """The key of record type 20 (StreamsGroupTargetAssignmentMetadataKey)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupTargetAssignmentMetadataKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)


        def _fetch_instances(self):
            pass
            self.group_id._fetch_instances()


    class StreamsGroupTargetAssignmentMetadataValue(KaitaiStruct):
        """The value of record type 20: an int16 version and StreamsGroupTargetAssignmentMetadataValue (versions 0 to 0)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupTargetAssignmentMetadataValue, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.StreamsGroupTargetAssignmentMetadataValueBody(0, _io__raw_data, self, self._root)
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


    class StreamsGroupTargetAssignmentMetadataValueBody(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupTargetAssignmentMetadataValueBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.assignment_epoch = self._io.read_s4be()
            self.tagged_fields = KafkaGroupCoordinatorRecords.StreamsGroupTargetAssignmentMetadataValueBodyTags(self.version, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class StreamsGroupTargetAssignmentMetadataValueBodyTag(KaitaiStruct):
        """One tagged field: tag, length, and the data, decoded when the schema defines the tag."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupTargetAssignmentMetadataValueBodyTag, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.GroupCoordinatorTagS8(_io__raw_data, self, self._root)
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


    class StreamsGroupTargetAssignmentMetadataValueBodyTags(KaitaiStruct):
        """The tagged-field section, with the tags the schema defines decoded."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupTargetAssignmentMetadataValueBodyTags, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.num_fields = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.fields = []
            for i in range(self.num_fields.value):
                self.fields.append(KafkaGroupCoordinatorRecords.StreamsGroupTargetAssignmentMetadataValueBodyTag(self.version, self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.num_fields._fetch_instances()
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()



    class StreamsGroupTopologyKey(KaitaiStruct):
        """The key of record type 23 (StreamsGroupTopologyKey)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupTopologyKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.group_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)


        def _fetch_instances(self):
            pass
            self.group_id._fetch_instances()


    class StreamsGroupTopologyValue(KaitaiStruct):
        """The value of record type 23: an int16 version and StreamsGroupTopologyValue (versions 0 to 0)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupTopologyValue, self).__init__(_io)
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
                self.data = KafkaGroupCoordinatorRecords.StreamsGroupTopologyValueBody(0, _io__raw_data, self, self._root)
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


    class StreamsGroupTopologyValueBody(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupTopologyValueBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.epoch = self._io.read_s4be()
            self.len_subtopologies = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.subtopologies = []
            for i in range((0 if self.len_subtopologies.num_items < 0 else self.len_subtopologies.num_items)):
                self.subtopologies.append(KafkaGroupCoordinatorRecords.StreamsGroupTopologyValueBodySubtopology(self.version, self._io, self, self._root))

            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.len_subtopologies._fetch_instances()
            for i in range(len(self.subtopologies)):
                pass
                self.subtopologies[i]._fetch_instances()

            self.tagged_fields._fetch_instances()


    class StreamsGroupTopologyValueBodySubtopology(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupTopologyValueBodySubtopology, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.subtopology_id = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.source_topics = kafka_protocol_types.KafkaProtocolTypes.StringArray(True, self._io)
            self.source_topic_regex = kafka_protocol_types.KafkaProtocolTypes.StringArray(True, self._io)
            self.len_state_changelog_topics = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.state_changelog_topics = []
            for i in range((0 if self.len_state_changelog_topics.num_items < 0 else self.len_state_changelog_topics.num_items)):
                self.state_changelog_topics.append(KafkaGroupCoordinatorRecords.StreamsGroupTopologyValueBodySubtopologyTopicInfo(self.version, self._io, self, self._root))

            self.repartition_sink_topics = kafka_protocol_types.KafkaProtocolTypes.StringArray(True, self._io)
            self.len_repartition_source_topics = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.repartition_source_topics = []
            for i in range((0 if self.len_repartition_source_topics.num_items < 0 else self.len_repartition_source_topics.num_items)):
                self.repartition_source_topics.append(KafkaGroupCoordinatorRecords.StreamsGroupTopologyValueBodySubtopologyTopicInfo(self.version, self._io, self, self._root))

            self.len_copartition_groups = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.copartition_groups = []
            for i in range((0 if self.len_copartition_groups.num_items < 0 else self.len_copartition_groups.num_items)):
                self.copartition_groups.append(KafkaGroupCoordinatorRecords.StreamsGroupTopologyValueBodySubtopologyCopartitionGroup(self.version, self._io, self, self._root))

            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.subtopology_id._fetch_instances()
            self.source_topics._fetch_instances()
            self.source_topic_regex._fetch_instances()
            self.len_state_changelog_topics._fetch_instances()
            for i in range(len(self.state_changelog_topics)):
                pass
                self.state_changelog_topics[i]._fetch_instances()

            self.repartition_sink_topics._fetch_instances()
            self.len_repartition_source_topics._fetch_instances()
            for i in range(len(self.repartition_source_topics)):
                pass
                self.repartition_source_topics[i]._fetch_instances()

            self.len_copartition_groups._fetch_instances()
            for i in range(len(self.copartition_groups)):
                pass
                self.copartition_groups[i]._fetch_instances()

            self.tagged_fields._fetch_instances()


    class StreamsGroupTopologyValueBodySubtopologyCopartitionGroup(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupTopologyValueBodySubtopologyCopartitionGroup, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.source_topics = KafkaGroupCoordinatorRecords.GroupCoordinatorInt16Array(True, self._io, self, self._root)
            self.source_topic_regex = KafkaGroupCoordinatorRecords.GroupCoordinatorInt16Array(True, self._io, self, self._root)
            self.repartition_source_topics = KafkaGroupCoordinatorRecords.GroupCoordinatorInt16Array(True, self._io, self, self._root)
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.source_topics._fetch_instances()
            self.source_topic_regex._fetch_instances()
            self.repartition_source_topics._fetch_instances()
            self.tagged_fields._fetch_instances()


    class StreamsGroupTopologyValueBodySubtopologyTopicInfo(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupTopologyValueBodySubtopologyTopicInfo, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.name = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.partitions = self._io.read_s4be()
            self.replication_factor = self._io.read_s2be()
            self.len_topic_configs = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.topic_configs = []
            for i in range((0 if self.len_topic_configs.num_items < 0 else self.len_topic_configs.num_items)):
                self.topic_configs.append(KafkaGroupCoordinatorRecords.StreamsGroupTopologyValueBodySubtopologyTopicInfoTopicConfig(self.version, self._io, self, self._root))

            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.name._fetch_instances()
            self.len_topic_configs._fetch_instances()
            for i in range(len(self.topic_configs)):
                pass
                self.topic_configs[i]._fetch_instances()

            self.tagged_fields._fetch_instances()


    class StreamsGroupTopologyValueBodySubtopologyTopicInfoTopicConfig(KaitaiStruct):
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupCoordinatorRecords.StreamsGroupTopologyValueBodySubtopologyTopicInfoTopicConfig, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.key = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.value = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.key._fetch_instances()
            self.value._fetch_instances()
            self.tagged_fields._fetch_instances()



