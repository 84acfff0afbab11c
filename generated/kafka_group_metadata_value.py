# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import kafka_protocol_types


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaGroupMetadataValue(KaitaiStruct):
    """The value of a `__consumer_offsets` record whose key is group metadata (key record type 2, see
    `kafka_consumer_offsets_key`): the state of a classic consumer group as the group coordinator
    stores it after each rebalance: protocol type (`consumer` for Kafka consumers, `connect` for
    Connect workers, ...), generation, the chosen assignor (`protocol`), the leader, and every member
    with its client id and host, timeouts, and the opaque subscription and assignment bytes it
    exchanged through the JoinGroup and SyncGroup requests.
    
    An int16 version comes first: 0 (Kafka 0.9), 1 adds each member's rebalance timeout (0.10.1),
    2 adds the time of the last state change (2.1), 3 adds each member's group instance id for
    static membership (KIP-345, 2.3; what current brokers write), 4 is the first flexible version
    (KIP-915: compact strings, bytes and arrays, and tagged-field sections), read but not yet
    written by Kafka 3.9.
    
    For protocol type `consumer`, `subscription` and `assignment` are the consumer's embedded
    protocol (`consumer_protocol_subscription`, `consumer_protocol_assignment`, each with its own
    int16 version first). They are kept as bytes here because any client may put anything there;
    kafka-dump-log decodes them when they parse and leaves them as bytes otherwise, and so does
    kafkaks with these two types.
    
    The body of an unknown version stays raw bytes, so a reader can report it rather than fail.
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/group-coordinator/src/main/resources/common/message/GroupMetadataValue.json
    
    
    .. seealso::
       groupMetadataValueVersion - https://github.com/apache/kafka/blob/3.9.0/server-common/src/main/java/org/apache/kafka/server/common/MetadataVersion.java
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/resources/common/message/ConsumerProtocolSubscription.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/resources/common/message/ConsumerProtocolAssignment.json
    
    
    .. seealso::
       OffsetsMessageParser.prepareGroupMetadataValue - https://github.com/apache/kafka/blob/3.9.0/core/src/main/scala/kafka/tools/DumpLogSegments.scala
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaGroupMetadataValue, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.version = self._io.read_s2be()
        _on = self.version
        if _on == 0:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaGroupMetadataValue.GroupMetadataBody(0, _io__raw_data, self, self._root)
        elif _on == 1:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaGroupMetadataValue.GroupMetadataBody(1, _io__raw_data, self, self._root)
        elif _on == 2:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaGroupMetadataValue.GroupMetadataBody(2, _io__raw_data, self, self._root)
        elif _on == 3:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaGroupMetadataValue.GroupMetadataBody(3, _io__raw_data, self, self._root)
        elif _on == 4:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaGroupMetadataValue.GroupMetadataBody(4, _io__raw_data, self, self._root)
        else:
            pass
            self.data = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        _on = self.version
        if _on == 0:
            pass
            self.data._fetch_instances()
        elif _on == 1:
            pass
            self.data._fetch_instances()
        elif _on == 2:
            pass
            self.data._fetch_instances()
        elif _on == 3:
            pass
            self.data._fetch_instances()
        elif _on == 4:
            pass
            self.data._fetch_instances()
        else:
            pass

    class ConsumerProtocolAssignment(KaitaiStruct):
        """A `consumer` member's assignment from the leader, and the assignor's user data. Never flexible."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupMetadataValue.ConsumerProtocolAssignment, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.version = self._io.read_s2be()
            self.len_assigned_partitions = self._io.read_s4be()
            self.assigned_partitions = []
            for i in range((0 if self.len_assigned_partitions < 0 else self.len_assigned_partitions)):
                self.assigned_partitions.append(KafkaGroupMetadataValue.TopicPartitions(self._io, self, self._root))

            self.user_data = kafka_protocol_types.KafkaProtocolTypes.Bytes(False, self._io)


        def _fetch_instances(self):
            pass
            for i in range(len(self.assigned_partitions)):
                pass
                self.assigned_partitions[i]._fetch_instances()

            self.user_data._fetch_instances()


    class ConsumerProtocolSubscription(KaitaiStruct):
        """A `consumer` member's subscription: its topics, user data for the assignor, and since
        version 1 the partitions it owns (cooperative rebalancing), since 2 its generation, since 3
        its rack. Never flexible. Kafka reads a version above 3 with the version 3 layout.
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupMetadataValue.ConsumerProtocolSubscription, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.version = self._io.read_s2be()
            self.topics = kafka_protocol_types.KafkaProtocolTypes.StringArray(False, self._io)
            self.user_data = kafka_protocol_types.KafkaProtocolTypes.Bytes(False, self._io)
            if self.version >= 1:
                pass
                self.len_owned_partitions = self._io.read_s4be()

            if self.version >= 1:
                pass
                self.owned_partitions = []
                for i in range((0 if self.len_owned_partitions < 0 else self.len_owned_partitions)):
                    self.owned_partitions.append(KafkaGroupMetadataValue.TopicPartitions(self._io, self, self._root))


            if self.version >= 2:
                pass
                self.generation_id = self._io.read_s4be()

            if self.version >= 3:
                pass
                self.rack_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)



        def _fetch_instances(self):
            pass
            self.topics._fetch_instances()
            self.user_data._fetch_instances()
            if self.version >= 1:
                pass

            if self.version >= 1:
                pass
                for i in range(len(self.owned_partitions)):
                    pass
                    self.owned_partitions[i]._fetch_instances()


            if self.version >= 2:
                pass

            if self.version >= 3:
                pass
                self.rack_id._fetch_instances()



    class GroupMetadataBody(KaitaiStruct):
        """A consumer group's state as the coordinator last wrote it (generation, protocol, leader,
        members).
        """
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupMetadataValue.GroupMetadataBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.protocol_type = kafka_protocol_types.KafkaProtocolTypes.String(self.version >= 4, self._io)
            self.generation = self._io.read_s4be()
            self.protocol = kafka_protocol_types.KafkaProtocolTypes.String(self.version >= 4, self._io)
            self.leader = kafka_protocol_types.KafkaProtocolTypes.String(self.version >= 4, self._io)
            if self.version >= 2:
                pass
                self.current_state_timestamp = self._io.read_s8be()

            self.len_members = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(self.version >= 4, self._io)
            self.members = []
            for i in range((0 if self.len_members.num_items < 0 else self.len_members.num_items)):
                self.members.append(KafkaGroupMetadataValue.MemberMetadata(self.version, self._io, self, self._root))

            if self.version >= 4:
                pass
                self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)



        def _fetch_instances(self):
            pass
            self.protocol_type._fetch_instances()
            self.protocol._fetch_instances()
            self.leader._fetch_instances()
            if self.version >= 2:
                pass

            self.len_members._fetch_instances()
            for i in range(len(self.members)):
                pass
                self.members[i]._fetch_instances()

            if self.version >= 4:
                pass
                self.tagged_fields._fetch_instances()



    class MemberMetadata(KaitaiStruct):
        """One member of the group, with its subscription and assignment as raw bytes (decoded by the
        consumer protocol types below).
        """
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaGroupMetadataValue.MemberMetadata, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.member_id = kafka_protocol_types.KafkaProtocolTypes.String(self.version >= 4, self._io)
            if self.version >= 3:
                pass
                self.group_instance_id = kafka_protocol_types.KafkaProtocolTypes.String(self.version >= 4, self._io)

            self.client_id = kafka_protocol_types.KafkaProtocolTypes.String(self.version >= 4, self._io)
            self.client_host = kafka_protocol_types.KafkaProtocolTypes.String(self.version >= 4, self._io)
            if self.version >= 1:
                pass
                self.rebalance_timeout = self._io.read_s4be()

            self.session_timeout = self._io.read_s4be()
            self.subscription = kafka_protocol_types.KafkaProtocolTypes.Bytes(self.version >= 4, self._io)
            self.assignment = kafka_protocol_types.KafkaProtocolTypes.Bytes(self.version >= 4, self._io)
            if self.version >= 4:
                pass
                self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)



        def _fetch_instances(self):
            pass
            self.member_id._fetch_instances()
            if self.version >= 3:
                pass
                self.group_instance_id._fetch_instances()

            self.client_id._fetch_instances()
            self.client_host._fetch_instances()
            if self.version >= 1:
                pass

            self.subscription._fetch_instances()
            self.assignment._fetch_instances()
            if self.version >= 4:
                pass
                self.tagged_fields._fetch_instances()



    class TopicPartitions(KaitaiStruct):
        """A topic and partitions of it."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaGroupMetadataValue.TopicPartitions, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.topic = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)
            self.partitions = kafka_protocol_types.KafkaProtocolTypes.Int32Array(False, self._io)


        def _fetch_instances(self):
            pass
            self.topic._fetch_instances()
            self.partitions._fetch_instances()



