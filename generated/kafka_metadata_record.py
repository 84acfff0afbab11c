# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import kafka_protocol_types
from . import kafka_unsigned_varint
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaMetadataRecord(KaitaiStruct):
    """The value of a data record of `__cluster_metadata`, the single-partition log of a KRaft quorum
    (KIP-500, KIP-631), and of the records of a KRaft snapshot (`<offset>-<epoch>.checkpoint`,
    `bootstrap.checkpoint`). The active controller writes one record per change of the cluster's
    metadata: brokers and controllers registering, topics and partitions created or changed,
    configs, feature levels, producer id blocks, quotas, ACLs, SCRAM credentials, delegation
    tokens. Brokers replay the log to build their metadata image, so this log is what the
    controller believed. Records have no key. Control records of the same log (leader changes,
    snapshot header and footer, voters) are `kafka_control_record`.
    
    Every value starts with three unsigned varints: the frame version (1; 0 was the 2.8 preview and
    is rejected), the record type (its `apiKey`) and the record's version, then the record, a
    generated message in the flexible encoding (compact strings and arrays, a tagged-field section at
    the end of every structure, UUIDs as 16 bytes). `data` is chosen by type and version together
    (`api_key * 100 + version`): every record type and version of Kafka 4.3's metadata schema is
    decoded; an unknown type or version, or another frame version, leaves `data` as raw bytes, which
    a reader reports as Kafka would ("Unknown metadata id", "Can't read version").
    
    The tagged fields of the top-level record are parsed with `record_tagged_fields(api_key)`, which
    decodes the tags the schema defines (PartitionChangeRecord's ISR, leader and replicas, ...)
    and keeps unknown tags as raw bytes. A tag's value is decoded whatever the record's version;
    the schema says from which version a tag is defined (a reader printing Kafka's JSON should
    leave out tags of later versions, which Kafka treats as unknown). Nested structures keep their
    tagged fields raw: the 4.3 schema defines none there.
    
    Since 3.9: RegisterBrokerRecord v4 and BrokerRegistrationChangeRecord v3 add the cordoned log
    dirs (KIP-1066, a tagged field), and ClearElrRecord (type 28) clears the ELR of a topic's
    partitions, or of all topics when the name is empty.
    
    What Kaitai does not parse but Kafka's JSON needs is in `-tagged-fields` of each record type
    that has tags (ignored by the compiler): a tag's name, number, first version (`if`), default
    (Kafka prints a tag only when it differs; none: null) and, when it is not printed after all the
    fields, the field it follows (`after`), in the order of Kafka's schema.
    tools/metadata_records.js derives kafkaks's table of record types from this spec.
    
    .. seealso::
       the *Record.json schemas (apiKey, validVersions, fields) - https://github.com/apache/kafka/tree/3.9.0/metadata/src/main/resources/common/metadata
    
    
    .. seealso::
       the same at 4.3.1 (RegisterBrokerRecord v4, BrokerRegistrationChangeRecord v3, ClearElrRecord) - https://github.com/apache/kafka/tree/4.3.1/metadata/src/main/resources/common/metadata
    
    
    .. seealso::
       frame version, api key, version - https://github.com/apache/kafka/blob/3.9.0/server-common/src/main/java/org/apache/kafka/server/common/serialization/AbstractApiMessageSerde.java
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/metadata/src/main/java/org/apache/kafka/metadata/MetadataRecordSerde.java
    
    
    .. seealso::
       KIP-631 - https://cwiki.apache.org/confluence/display/KAFKA/KIP-631%3A+The+Quorum-based+Kafka+Controller
    """

    class MetadataRecordType(IntEnum):
        register_broker_record = 0
        unregister_broker_record = 1
        topic_record = 2
        partition_record = 3
        config_record = 4
        partition_change_record = 5
        fence_broker_record = 7
        unfence_broker_record = 8
        remove_topic_record = 9
        delegation_token_record = 10
        user_scram_credential_record = 11
        feature_level_record = 12
        client_quota_record = 14
        producer_ids_record = 15
        broker_registration_change_record = 17
        access_control_entry_record = 18
        remove_access_control_entry_record = 19
        no_op_record = 20
        zk_migration_state_record = 21
        remove_user_scram_credential_record = 22
        begin_transaction_record = 23
        end_transaction_record = 24
        abort_transaction_record = 25
        remove_delegation_token_record = 26
        register_controller_record = 27
        clear_elr_record = 28
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaMetadataRecord, self).__init__(_io)
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
            self.data = KafkaMetadataRecord.RegisterBrokerRecord(0, _io__raw_data, self, self._root)
        elif _on == 1:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.RegisterBrokerRecord(1, _io__raw_data, self, self._root)
        elif _on == 100:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.UnregisterBrokerRecord(_io__raw_data, self, self._root)
        elif _on == 1000:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.DelegationTokenRecord(_io__raw_data, self, self._root)
        elif _on == 1100:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.UserScramCredentialRecord(_io__raw_data, self, self._root)
        elif _on == 1200:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.FeatureLevelRecord(_io__raw_data, self, self._root)
        elif _on == 1400:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.ClientQuotaRecord(_io__raw_data, self, self._root)
        elif _on == 1500:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.ProducerIdsRecord(_io__raw_data, self, self._root)
        elif _on == 1700:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.BrokerRegistrationChangeRecord(0, _io__raw_data, self, self._root)
        elif _on == 1701:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.BrokerRegistrationChangeRecord(1, _io__raw_data, self, self._root)
        elif _on == 1702:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.BrokerRegistrationChangeRecord(2, _io__raw_data, self, self._root)
        elif _on == 1703:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.BrokerRegistrationChangeRecord(3, _io__raw_data, self, self._root)
        elif _on == 1800:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.AccessControlEntryRecord(_io__raw_data, self, self._root)
        elif _on == 1900:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.RemoveAccessControlEntryRecord(_io__raw_data, self, self._root)
        elif _on == 2:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.RegisterBrokerRecord(2, _io__raw_data, self, self._root)
        elif _on == 200:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.TopicRecord(_io__raw_data, self, self._root)
        elif _on == 2000:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.NoOpRecord(_io__raw_data, self, self._root)
        elif _on == 2100:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.ZkMigrationStateRecord(_io__raw_data, self, self._root)
        elif _on == 2200:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.RemoveUserScramCredentialRecord(_io__raw_data, self, self._root)
        elif _on == 2300:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.BeginTransactionRecord(_io__raw_data, self, self._root)
        elif _on == 2400:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.EndTransactionRecord(_io__raw_data, self, self._root)
        elif _on == 2500:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.AbortTransactionRecord(_io__raw_data, self, self._root)
        elif _on == 2600:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.RemoveDelegationTokenRecord(_io__raw_data, self, self._root)
        elif _on == 2700:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.RegisterControllerRecord(_io__raw_data, self, self._root)
        elif _on == 2800:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.ClearElrRecord(_io__raw_data, self, self._root)
        elif _on == 3:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.RegisterBrokerRecord(3, _io__raw_data, self, self._root)
        elif _on == 300:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.PartitionRecord(0, _io__raw_data, self, self._root)
        elif _on == 301:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.PartitionRecord(1, _io__raw_data, self, self._root)
        elif _on == 302:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.PartitionRecord(2, _io__raw_data, self, self._root)
        elif _on == 4:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.RegisterBrokerRecord(4, _io__raw_data, self, self._root)
        elif _on == 400:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.ConfigRecord(_io__raw_data, self, self._root)
        elif _on == 500:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.PartitionChangeRecord(0, _io__raw_data, self, self._root)
        elif _on == 501:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.PartitionChangeRecord(1, _io__raw_data, self, self._root)
        elif _on == 502:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.PartitionChangeRecord(2, _io__raw_data, self, self._root)
        elif _on == 700:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.FenceBrokerRecord(_io__raw_data, self, self._root)
        elif _on == 800:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.UnfenceBrokerRecord(_io__raw_data, self, self._root)
        elif _on == 900:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaMetadataRecord.RemoveTopicRecord(_io__raw_data, self, self._root)
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
        elif _on == 1:
            pass
            self.data._fetch_instances()
        elif _on == 100:
            pass
            self.data._fetch_instances()
        elif _on == 1000:
            pass
            self.data._fetch_instances()
        elif _on == 1100:
            pass
            self.data._fetch_instances()
        elif _on == 1200:
            pass
            self.data._fetch_instances()
        elif _on == 1400:
            pass
            self.data._fetch_instances()
        elif _on == 1500:
            pass
            self.data._fetch_instances()
        elif _on == 1700:
            pass
            self.data._fetch_instances()
        elif _on == 1701:
            pass
            self.data._fetch_instances()
        elif _on == 1702:
            pass
            self.data._fetch_instances()
        elif _on == 1703:
            pass
            self.data._fetch_instances()
        elif _on == 1800:
            pass
            self.data._fetch_instances()
        elif _on == 1900:
            pass
            self.data._fetch_instances()
        elif _on == 2:
            pass
            self.data._fetch_instances()
        elif _on == 200:
            pass
            self.data._fetch_instances()
        elif _on == 2000:
            pass
            self.data._fetch_instances()
        elif _on == 2100:
            pass
            self.data._fetch_instances()
        elif _on == 2200:
            pass
            self.data._fetch_instances()
        elif _on == 2300:
            pass
            self.data._fetch_instances()
        elif _on == 2400:
            pass
            self.data._fetch_instances()
        elif _on == 2500:
            pass
            self.data._fetch_instances()
        elif _on == 2600:
            pass
            self.data._fetch_instances()
        elif _on == 2700:
            pass
            self.data._fetch_instances()
        elif _on == 2800:
            pass
            self.data._fetch_instances()
        elif _on == 3:
            pass
            self.data._fetch_instances()
        elif _on == 300:
            pass
            self.data._fetch_instances()
        elif _on == 301:
            pass
            self.data._fetch_instances()
        elif _on == 302:
            pass
            self.data._fetch_instances()
        elif _on == 4:
            pass
            self.data._fetch_instances()
        elif _on == 400:
            pass
            self.data._fetch_instances()
        elif _on == 500:
            pass
            self.data._fetch_instances()
        elif _on == 501:
            pass
            self.data._fetch_instances()
        elif _on == 502:
            pass
            self.data._fetch_instances()
        elif _on == 700:
            pass
            self.data._fetch_instances()
        elif _on == 800:
            pass
            self.data._fetch_instances()
        elif _on == 900:
            pass
            self.data._fetch_instances()
        else:
            pass

    class AbortTransactionRecord(KaitaiStruct):
        """An aborted metadata transaction (KIP-868), with its reason in a tag."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.AbortTransactionRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(25, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class AccessControlEntryRecord(KaitaiStruct):
        """An ACL added."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.AccessControlEntryRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.id = self._io.read_bytes(16)
            self.resource_type = self._io.read_s1()
            self.resource_name = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.pattern_type = self._io.read_s1()
            self.principal = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.host = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.operation = self._io.read_s1()
            self.permission_type = self._io.read_s1()
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(18, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.resource_name._fetch_instances()
            self.principal._fetch_instances()
            self.host._fetch_instances()
            self.tagged_fields._fetch_instances()


    class BeginTransactionRecord(KaitaiStruct):
        """Starts a metadata transaction (KIP-868), e.g. the records of a ZooKeeper migration."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.BeginTransactionRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(23, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class BrokerEndpoint(KaitaiStruct):
        """A listener of a broker or controller."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.BrokerEndpoint, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.name = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.host = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.port = self._io.read_u2be()
            self.security_protocol = self._io.read_s2be()
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.name._fetch_instances()
            self.host._fetch_instances()
            self.tagged_fields._fetch_instances()


    class BrokerRegistrationChangeRecord(KaitaiStruct):
        """A broker was fenced or unfenced, entered controlled shutdown, or changed log dirs or the
        log dirs it cordons (KIP-1066, version 3). Versions 0-3.
        """
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.BrokerRegistrationChangeRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.broker_id = self._io.read_s4be()
            self.broker_epoch = self._io.read_s8be()
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(17, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class ClearElrRecord(KaitaiStruct):
        """The eligible leader replicas (KIP-966) of the topic's partitions are cleared, or those of every
        topic when the name is empty (Kafka 4.0+).
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.ClearElrRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.topic_name = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.topic_name._fetch_instances()
            self.tagged_fields._fetch_instances()


    class ClientQuotaRecord(KaitaiStruct):
        """A client quota set or removed for an entity."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.ClientQuotaRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.len_entity = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.entity = []
            for i in range((0 if self.len_entity.num_items < 0 else self.len_entity.num_items)):
                self.entity.append(KafkaMetadataRecord.EntityData(self._io, self, self._root))

            self.key = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.value = self._io.read_f8be()
            self.remove = self._io.read_u1()
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(14, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.len_entity._fetch_instances()
            for i in range(len(self.entity)):
                pass
                self.entity[i]._fetch_instances()

            self.key._fetch_instances()
            self.tagged_fields._fetch_instances()


    class ConfigRecord(KaitaiStruct):
        """A dynamic config was set (or deleted, with a null value) for a topic, broker, ..."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.ConfigRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.resource_type = self._io.read_s1()
            self.resource_name = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.name = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.value = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(4, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.resource_name._fetch_instances()
            self.name._fetch_instances()
            self.value._fetch_instances()
            self.tagged_fields._fetch_instances()


    class DelegationTokenRecord(KaitaiStruct):
        """A delegation token created or renewed."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.DelegationTokenRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.owner = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.requester = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.renewers = kafka_protocol_types.KafkaProtocolTypes.StringArray(True, self._io)
            self.issue_timestamp = self._io.read_s8be()
            self.max_timestamp = self._io.read_s8be()
            self.expiration_timestamp = self._io.read_s8be()
            self.token_id = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(10, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.owner._fetch_instances()
            self.requester._fetch_instances()
            self.renewers._fetch_instances()
            self.token_id._fetch_instances()
            self.tagged_fields._fetch_instances()


    class EndTransactionRecord(KaitaiStruct):
        """The end of a metadata transaction (KIP-868)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.EndTransactionRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(24, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class EntityData(KaitaiStruct):
        """One part of a quota entity (user, client id, ip)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.EntityData, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.entity_type = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.entity_name = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.entity_type._fetch_instances()
            self.entity_name._fetch_instances()
            self.tagged_fields._fetch_instances()


    class Feature(KaitaiStruct):
        """A feature and the range of its levels the node supports."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.Feature, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.name = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.min_supported_version = self._io.read_s2be()
            self.max_supported_version = self._io.read_s2be()
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.name._fetch_instances()
            self.tagged_fields._fetch_instances()


    class FeatureLevelRecord(KaitaiStruct):
        """A finalized feature level (`metadata.version`, `kraft.version`, `group.version`, ...)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.FeatureLevelRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.name = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.feature_level = self._io.read_s2be()
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(12, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.name._fetch_instances()
            self.tagged_fields._fetch_instances()


    class FenceBrokerRecord(KaitaiStruct):
        """A broker fenced (not serving) by the controller."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.FenceBrokerRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.id = self._io.read_s4be()
            self.epoch = self._io.read_s8be()
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(7, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class NoOpRecord(KaitaiStruct):
        """Written by the active controller at a fixed interval (`metadata.max.idle.interval.ms`,
        500 ms by default) so that the log's high watermark advances; usually most of the log.
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.NoOpRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(20, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class PartitionChangeRecord(KaitaiStruct):
        """A change to a partition (leader election, ISR change, reassignment). Everything that
        changed is a tagged field; an absent tag means "no change". Versions 0-2.
        """
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.PartitionChangeRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.partition_id = self._io.read_s4be()
            self.topic_id = self._io.read_bytes(16)
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(5, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class PartitionRecord(KaitaiStruct):
        """The full state of a partition (at creation, and in snapshots). Versions 0-2."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.PartitionRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.partition_id = self._io.read_s4be()
            self.topic_id = self._io.read_bytes(16)
            self.replicas = kafka_protocol_types.KafkaProtocolTypes.Int32Array(True, self._io)
            self.isr = kafka_protocol_types.KafkaProtocolTypes.Int32Array(True, self._io)
            self.removing_replicas = kafka_protocol_types.KafkaProtocolTypes.Int32Array(True, self._io)
            self.adding_replicas = kafka_protocol_types.KafkaProtocolTypes.Int32Array(True, self._io)
            self.leader = self._io.read_s4be()
            self.leader_epoch = self._io.read_s4be()
            self.partition_epoch = self._io.read_s4be()
            if self.version >= 1:
                pass
                self.directories = kafka_protocol_types.KafkaProtocolTypes.UuidArray(True, self._io)

            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(3, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.replicas._fetch_instances()
            self.isr._fetch_instances()
            self.removing_replicas._fetch_instances()
            self.adding_replicas._fetch_instances()
            if self.version >= 1:
                pass
                self.directories._fetch_instances()

            self.tagged_fields._fetch_instances()


    class ProducerIdsRecord(KaitaiStruct):
        """A block of producer ids was handed to a broker; `next_producer_id` is the first id not yet given out."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.ProducerIdsRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.broker_id = self._io.read_s4be()
            self.broker_epoch = self._io.read_s8be()
            self.next_producer_id = self._io.read_s8be()
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(15, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class RecordTaggedField(KaitaiStruct):
        """One tagged field: tag, length and the data, decoded when the record's schema defines the tag.
        """
        def __init__(self, api_key, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.RecordTaggedField, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.api_key = api_key
            self._read()

        def _read(self):
            self.tag = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.len_data = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            _on = (self.api_key * 100 + self.tag.value if self.tag.value < 100 else -1)
            if _on == 0:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = kafka_protocol_types.KafkaProtocolTypes.UuidArray(True, _io__raw_data)
            elif _on == 1:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = kafka_protocol_types.KafkaProtocolTypes.UuidArray(True, _io__raw_data)
            elif _on == 1700:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = KafkaMetadataRecord.TagInt8(_io__raw_data, self, self._root)
            elif _on == 1701:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = KafkaMetadataRecord.TagInt8(_io__raw_data, self, self._root)
            elif _on == 1702:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = kafka_protocol_types.KafkaProtocolTypes.UuidArray(True, _io__raw_data)
            elif _on == 1703:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = kafka_protocol_types.KafkaProtocolTypes.UuidArray(True, _io__raw_data)
            elif _on == 2300:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = kafka_protocol_types.KafkaProtocolTypes.String(True, _io__raw_data)
            elif _on == 2500:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = kafka_protocol_types.KafkaProtocolTypes.String(True, _io__raw_data)
            elif _on == 300:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = KafkaMetadataRecord.TagInt8(_io__raw_data, self, self._root)
            elif _on == 301:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = kafka_protocol_types.KafkaProtocolTypes.Int32Array(True, _io__raw_data)
            elif _on == 302:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = kafka_protocol_types.KafkaProtocolTypes.Int32Array(True, _io__raw_data)
            elif _on == 500:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = kafka_protocol_types.KafkaProtocolTypes.Int32Array(True, _io__raw_data)
            elif _on == 501:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = KafkaMetadataRecord.TagInt32(_io__raw_data, self, self._root)
            elif _on == 502:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = kafka_protocol_types.KafkaProtocolTypes.Int32Array(True, _io__raw_data)
            elif _on == 503:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = kafka_protocol_types.KafkaProtocolTypes.Int32Array(True, _io__raw_data)
            elif _on == 504:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = kafka_protocol_types.KafkaProtocolTypes.Int32Array(True, _io__raw_data)
            elif _on == 505:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = KafkaMetadataRecord.TagInt8(_io__raw_data, self, self._root)
            elif _on == 506:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = kafka_protocol_types.KafkaProtocolTypes.Int32Array(True, _io__raw_data)
            elif _on == 507:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = kafka_protocol_types.KafkaProtocolTypes.Int32Array(True, _io__raw_data)
            elif _on == 508:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = kafka_protocol_types.KafkaProtocolTypes.UuidArray(True, _io__raw_data)
            else:
                pass
                self.data = self._io.read_bytes(self.len_data.value)


        def _fetch_instances(self):
            pass
            self.tag._fetch_instances()
            self.len_data._fetch_instances()
            _on = (self.api_key * 100 + self.tag.value if self.tag.value < 100 else -1)
            if _on == 0:
                pass
                self.data._fetch_instances()
            elif _on == 1:
                pass
                self.data._fetch_instances()
            elif _on == 1700:
                pass
                self.data._fetch_instances()
            elif _on == 1701:
                pass
                self.data._fetch_instances()
            elif _on == 1702:
                pass
                self.data._fetch_instances()
            elif _on == 1703:
                pass
                self.data._fetch_instances()
            elif _on == 2300:
                pass
                self.data._fetch_instances()
            elif _on == 2500:
                pass
                self.data._fetch_instances()
            elif _on == 300:
                pass
                self.data._fetch_instances()
            elif _on == 301:
                pass
                self.data._fetch_instances()
            elif _on == 302:
                pass
                self.data._fetch_instances()
            elif _on == 500:
                pass
                self.data._fetch_instances()
            elif _on == 501:
                pass
                self.data._fetch_instances()
            elif _on == 502:
                pass
                self.data._fetch_instances()
            elif _on == 503:
                pass
                self.data._fetch_instances()
            elif _on == 504:
                pass
                self.data._fetch_instances()
            elif _on == 505:
                pass
                self.data._fetch_instances()
            elif _on == 506:
                pass
                self.data._fetch_instances()
            elif _on == 507:
                pass
                self.data._fetch_instances()
            elif _on == 508:
                pass
                self.data._fetch_instances()
            else:
                pass


    class RecordTaggedFields(KaitaiStruct):
        """The tagged-field section of a top-level record, with the tags its schema defines decoded."""
        def __init__(self, api_key, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.RecordTaggedFields, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.api_key = api_key
            self._read()

        def _read(self):
            self.num_fields = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.fields = []
            for i in range(self.num_fields.value):
                self.fields.append(KafkaMetadataRecord.RecordTaggedField(self.api_key, self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.num_fields._fetch_instances()
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()



    class RegisterBrokerRecord(KaitaiStruct):
        """A broker registered (at startup, with a new incarnation id). Versions 0-4."""
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.RegisterBrokerRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.broker_id = self._io.read_s4be()
            if self.version >= 2:
                pass
                self.is_migrating_zk_broker = self._io.read_u1()

            self.incarnation_id = self._io.read_bytes(16)
            self.broker_epoch = self._io.read_s8be()
            self.len_end_points = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.end_points = []
            for i in range((0 if self.len_end_points.num_items < 0 else self.len_end_points.num_items)):
                self.end_points.append(KafkaMetadataRecord.BrokerEndpoint(self._io, self, self._root))

            self.len_features = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.features = []
            for i in range((0 if self.len_features.num_items < 0 else self.len_features.num_items)):
                self.features.append(KafkaMetadataRecord.Feature(self._io, self, self._root))

            self.rack = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.fenced = self._io.read_u1()
            if self.version >= 1:
                pass
                self.in_controlled_shutdown = self._io.read_u1()

            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(0, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            if self.version >= 2:
                pass

            self.len_end_points._fetch_instances()
            for i in range(len(self.end_points)):
                pass
                self.end_points[i]._fetch_instances()

            self.len_features._fetch_instances()
            for i in range(len(self.features)):
                pass
                self.features[i]._fetch_instances()

            self.rack._fetch_instances()
            if self.version >= 1:
                pass

            self.tagged_fields._fetch_instances()


    class RegisterControllerRecord(KaitaiStruct):
        """A KRaft controller registering (KIP-919)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.RegisterControllerRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.controller_id = self._io.read_s4be()
            self.incarnation_id = self._io.read_bytes(16)
            self.zk_migration_ready = self._io.read_u1()
            self.len_end_points = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.end_points = []
            for i in range((0 if self.len_end_points.num_items < 0 else self.len_end_points.num_items)):
                self.end_points.append(KafkaMetadataRecord.BrokerEndpoint(self._io, self, self._root))

            self.len_features = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(True, self._io)
            self.features = []
            for i in range((0 if self.len_features.num_items < 0 else self.len_features.num_items)):
                self.features.append(KafkaMetadataRecord.Feature(self._io, self, self._root))

            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(27, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.len_end_points._fetch_instances()
            for i in range(len(self.end_points)):
                pass
                self.end_points[i]._fetch_instances()

            self.len_features._fetch_instances()
            for i in range(len(self.features)):
                pass
                self.features[i]._fetch_instances()

            self.tagged_fields._fetch_instances()


    class RemoveAccessControlEntryRecord(KaitaiStruct):
        """An ACL removed."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.RemoveAccessControlEntryRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.id = self._io.read_bytes(16)
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(19, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class RemoveDelegationTokenRecord(KaitaiStruct):
        """A delegation token removed."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.RemoveDelegationTokenRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.token_id = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(26, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.token_id._fetch_instances()
            self.tagged_fields._fetch_instances()


    class RemoveTopicRecord(KaitaiStruct):
        """A topic deleted."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.RemoveTopicRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.topic_id = self._io.read_bytes(16)
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(9, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class RemoveUserScramCredentialRecord(KaitaiStruct):
        """A SCRAM credential removed."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.RemoveUserScramCredentialRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.name = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.mechanism = self._io.read_s1()
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(22, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.name._fetch_instances()
            self.tagged_fields._fetch_instances()


    class TagInt32(KaitaiStruct):
        """An int32 tagged field."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.TagInt32, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.value = self._io.read_s4be()


        def _fetch_instances(self):
            pass


    class TagInt8(KaitaiStruct):
        """An int8 tagged field."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.TagInt8, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.value = self._io.read_s1()


        def _fetch_instances(self):
            pass


    class TopicRecord(KaitaiStruct):
        """A topic was created; its partitions follow as partition records."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.TopicRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.name = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.topic_id = self._io.read_bytes(16)
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(2, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.name._fetch_instances()
            self.tagged_fields._fetch_instances()


    class UnfenceBrokerRecord(KaitaiStruct):
        """A broker unfenced by the controller."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.UnfenceBrokerRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.id = self._io.read_s4be()
            self.epoch = self._io.read_s8be()
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(8, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class UnregisterBrokerRecord(KaitaiStruct):
        """A broker removed from the cluster."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.UnregisterBrokerRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.broker_id = self._io.read_s4be()
            self.broker_epoch = self._io.read_s8be()
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(1, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class UserScramCredentialRecord(KaitaiStruct):
        """A SCRAM credential of a user, salted and hashed."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.UserScramCredentialRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.name = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
            self.mechanism = self._io.read_s1()
            self.salt = kafka_protocol_types.KafkaProtocolTypes.Bytes(True, self._io)
            self.stored_key = kafka_protocol_types.KafkaProtocolTypes.Bytes(True, self._io)
            self.server_key = kafka_protocol_types.KafkaProtocolTypes.Bytes(True, self._io)
            self.iterations = self._io.read_s4be()
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(11, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.name._fetch_instances()
            self.salt._fetch_instances()
            self.stored_key._fetch_instances()
            self.server_key._fetch_instances()
            self.tagged_fields._fetch_instances()


    class ZkMigrationStateRecord(KaitaiStruct):
        """The ZooKeeper migration state (KIP-866)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaMetadataRecord.ZkMigrationStateRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.zk_migration_state = self._io.read_s1()
            self.tagged_fields = KafkaMetadataRecord.RecordTaggedFields(21, self._io, self, self._root)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    @property
    def record_type(self):
        if hasattr(self, '_m_record_type'):
            return self._m_record_type

        self._m_record_type = KaitaiStream.resolve_enum(KafkaMetadataRecord.MetadataRecordType, self.api_key.value)
        return getattr(self, '_m_record_type', None)

    @property
    def type_and_version(self):
        """The key of the `data` switch; -1 for a frame version other than 1."""
        if hasattr(self, '_m_type_and_version'):
            return self._m_type_and_version

        self._m_type_and_version = (self.api_key.value * 100 + self.version.value if  ((self.frame_version.value == 1) and (self.version.value < 100))  else -1)
        return getattr(self, '_m_type_and_version', None)


