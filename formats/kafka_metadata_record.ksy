meta:
  id: kafka_metadata_record
  title: Apache Kafka KRaft cluster metadata record (__cluster_metadata, snapshots)
  license: Apache-2.0
  ks-version: '0.11'
  imports:
    - kafka_unsigned_varint
    - kafka_protocol_types
  endian: be
doc: |
  The value of a data record of `__cluster_metadata`, the single-partition log of a KRaft quorum
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
doc-ref:
  - https://github.com/apache/kafka/tree/3.9.0/metadata/src/main/resources/common/metadata the *Record.json schemas (apiKey, validVersions, fields)
  - https://github.com/apache/kafka/tree/4.3.1/metadata/src/main/resources/common/metadata the same at 4.3.1 (RegisterBrokerRecord v4, BrokerRegistrationChangeRecord v3, ClearElrRecord)
  - https://github.com/apache/kafka/blob/3.9.0/server-common/src/main/java/org/apache/kafka/server/common/serialization/AbstractApiMessageSerde.java frame version, api key, version
  - https://github.com/apache/kafka/blob/3.9.0/metadata/src/main/java/org/apache/kafka/metadata/MetadataRecordSerde.java
  - https://cwiki.apache.org/confluence/display/KAFKA/KIP-631%3A+The+Quorum-based+Kafka+Controller KIP-631
-webide-representation: '{record_type} v{version}: {data}'
seq:
  - id: frame_version
    -orig-id: data_frame_version
    type: kafka_unsigned_varint
    doc: 1. Version 0 (the 2.8 KRaft preview) is not readable by later Kafka.
  - id: api_key
    -orig-id: api_key
    type: kafka_unsigned_varint
  - id: version
    type: kafka_unsigned_varint
  - id: data
    size-eos: true
    type:
      switch-on: type_and_version
      cases:
        0: register_broker_record(0)
        1: register_broker_record(1)
        2: register_broker_record(2)
        3: register_broker_record(3)
        4: register_broker_record(4)
        100: unregister_broker_record
        200: topic_record
        300: partition_record(0)
        301: partition_record(1)
        302: partition_record(2)
        400: config_record
        500: partition_change_record(0)
        501: partition_change_record(1)
        502: partition_change_record(2)
        700: fence_broker_record
        800: unfence_broker_record
        900: remove_topic_record
        1000: delegation_token_record
        1100: user_scram_credential_record
        1200: feature_level_record
        1400: client_quota_record
        1500: producer_ids_record
        1700: broker_registration_change_record(0)
        1701: broker_registration_change_record(1)
        1702: broker_registration_change_record(2)
        1703: broker_registration_change_record(3)
        1800: access_control_entry_record
        1900: remove_access_control_entry_record
        2000: no_op_record
        2100: zk_migration_state_record
        2200: remove_user_scram_credential_record
        2300: begin_transaction_record
        2400: end_transaction_record
        2500: abort_transaction_record
        2600: remove_delegation_token_record
        2700: register_controller_record
        2800: clear_elr_record
instances:
  record_type:
    value: api_key.value
    enum: metadata_record_type
  type_and_version:
    value: >-
      frame_version.value == 1 and version.value < 100
      ? api_key.value * 100 + version.value : -1
    doc: The key of the `data` switch; -1 for a frame version other than 1.
types:
  record_tagged_fields:
    -webide-representation: '{num_fields} tagged fields'
    doc: The tagged-field section of a top-level record, with the tags its schema defines decoded.
    params:
      - id: api_key
        type: u2
    seq:
      - id: num_fields
        type: kafka_unsigned_varint
      - id: fields
        type: record_tagged_field(api_key)
        repeat: expr
        repeat-expr: num_fields.value
  record_tagged_field:
    -webide-representation: 'tag {tag}: {data}'
    doc: |
      One tagged field: tag, length and the data, decoded when the record's schema defines the tag.
    params:
      - id: api_key
        type: u2
    seq:
      - id: tag
        type: kafka_unsigned_varint
      - id: len_data
        type: kafka_unsigned_varint
      - id: data
        size: len_data.value
        type:
          switch-on: 'tag.value < 100 ? api_key * 100 + tag.value : -1'
          cases:
            # RegisterBrokerRecord (the tags are named in each record type's -tagged-fields)
            0: kafka_protocol_types::uuid_array(true)
            1: kafka_protocol_types::uuid_array(true)
            # PartitionRecord
            300: tag_int8
            301: kafka_protocol_types::int32_array(true)
            302: kafka_protocol_types::int32_array(true)
            # PartitionChangeRecord
            500: kafka_protocol_types::int32_array(true)
            501: tag_int32
            502: kafka_protocol_types::int32_array(true)
            503: kafka_protocol_types::int32_array(true)
            504: kafka_protocol_types::int32_array(true)
            505: tag_int8
            506: kafka_protocol_types::int32_array(true)
            507: kafka_protocol_types::int32_array(true)
            508: kafka_protocol_types::uuid_array(true)
            # BrokerRegistrationChangeRecord
            1700: tag_int8
            1701: tag_int8
            1702: kafka_protocol_types::uuid_array(true)
            1703: kafka_protocol_types::uuid_array(true)
            # BeginTransactionRecord, AbortTransactionRecord
            2300: kafka_protocol_types::string(true)
            2500: kafka_protocol_types::string(true)
  tag_int8:
    -webide-representation: '{value:dec}'
    doc: 'An int8 tagged field.'
    seq:
      - id: value
        type: s1
  tag_int32:
    -webide-representation: '{value:dec}'
    doc: 'An int32 tagged field.'
    seq:
      - id: value
        type: s4
  register_broker_record:
    -webide-representation: 'broker {broker_id:dec} epoch {broker_epoch:dec}, incarnation {incarnation_id:uuid}'
    -orig-id: RegisterBrokerRecord
    -tagged-fields:
      - id: log_dirs
        tag: 0
        if: version >= 3
        default: []
      - id: cordoned_log_dirs
        tag: 1
        if: version >= 4
        default: null
    doc: A broker registered (at startup, with a new incarnation id). Versions 0-4.
    params:
      - id: version
        type: u2
    seq:
      - id: broker_id
        -orig-id: BrokerId
        type: s4
      - id: is_migrating_zk_broker
        -orig-id: IsMigratingZkBroker
        type: u1
        if: version >= 2
      - id: incarnation_id
        -orig-id: IncarnationId
        size: 16
      - id: broker_epoch
        -orig-id: BrokerEpoch
        type: s8
      - id: len_end_points
        type: kafka_protocol_types::array_length(true)
      - id: end_points
        -orig-id: EndPoints
        type: broker_endpoint
        repeat: expr
        repeat-expr: 'len_end_points.num_items < 0 ? 0 : len_end_points.num_items'
      - id: len_features
        type: kafka_protocol_types::array_length(true)
      - id: features
        -orig-id: Features
        type: feature
        repeat: expr
        repeat-expr: 'len_features.num_items < 0 ? 0 : len_features.num_items'
      - id: rack
        -orig-id: Rack
        type: kafka_protocol_types::string(true)
      - id: fenced
        -orig-id: Fenced
        type: u1
      - id: in_controlled_shutdown
        -orig-id: InControlledShutdown
        type: u1
        if: version >= 1
      - id: tagged_fields
        type: record_tagged_fields(0)
  broker_endpoint:
    -webide-representation: '{name} {host}:{port:dec}'
    doc: 'A listener of a broker or controller.'
    -orig-id: BrokerEndpoint, ControllerEndpoint
    seq:
      - id: name
        -orig-id: Name
        type: kafka_protocol_types::string(true)
      - id: host
        -orig-id: Host
        type: kafka_protocol_types::string(true)
      - id: port
        -orig-id: Port
        type: u2
      - id: security_protocol
        -orig-id: SecurityProtocol
        type: s2
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  feature:
    -webide-representation: '{name} {min_supported_version:dec}..{max_supported_version:dec}'
    doc: 'A feature and the range of its levels the node supports.'
    -orig-id: BrokerFeature, ControllerFeature
    seq:
      - id: name
        -orig-id: Name
        type: kafka_protocol_types::string(true)
      - id: min_supported_version
        -orig-id: MinSupportedVersion
        type: s2
      - id: max_supported_version
        -orig-id: MaxSupportedVersion
        type: s2
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  unregister_broker_record:
    -webide-representation: 'broker {broker_id:dec} epoch {broker_epoch:dec}'
    doc: 'A broker removed from the cluster.'
    -orig-id: UnregisterBrokerRecord
    seq:
      - id: broker_id
        -orig-id: BrokerId
        type: s4
      - id: broker_epoch
        -orig-id: BrokerEpoch
        type: s8
      - id: tagged_fields
        type: record_tagged_fields(1)
  topic_record:
    -webide-representation: '{name} {topic_id:uuid}'
    -orig-id: TopicRecord
    doc: A topic was created; its partitions follow as partition records.
    seq:
      - id: name
        -orig-id: Name
        type: kafka_protocol_types::string(true)
      - id: topic_id
        -orig-id: TopicId
        size: 16
      - id: tagged_fields
        type: record_tagged_fields(2)
  partition_record:
    -webide-representation: '{topic_id:uuid} partition {partition_id:dec}, leader {leader:dec} epoch {leader_epoch:dec}'
    -orig-id: PartitionRecord
    -tagged-fields:
      - id: leader_recovery_state
        tag: 0
        default: 0
        after: leader
      - id: eligible_leader_replicas
        tag: 1
        if: version >= 2
      - id: last_known_elr
        tag: 2
        if: version >= 2
    doc: The full state of a partition (at creation, and in snapshots). Versions 0-2.
    params:
      - id: version
        type: u2
    seq:
      - id: partition_id
        -orig-id: PartitionId
        type: s4
      - id: topic_id
        -orig-id: TopicId
        size: 16
      - id: replicas
        -orig-id: Replicas
        type: kafka_protocol_types::int32_array(true)
      - id: isr
        -orig-id: Isr
        type: kafka_protocol_types::int32_array(true)
      - id: removing_replicas
        -orig-id: RemovingReplicas
        type: kafka_protocol_types::int32_array(true)
      - id: adding_replicas
        -orig-id: AddingReplicas
        type: kafka_protocol_types::int32_array(true)
      - id: leader
        -orig-id: Leader
        type: s4
      - id: leader_epoch
        -orig-id: LeaderEpoch
        type: s4
      - id: partition_epoch
        -orig-id: PartitionEpoch
        type: s4
      - id: directories
        -orig-id: Directories
        type: kafka_protocol_types::uuid_array(true)
        if: version >= 1
      - id: tagged_fields
        type: record_tagged_fields(3)
  config_record:
    -webide-representation: '{resource_name}: {name} = {value}'
    -orig-id: ConfigRecord
    doc: A dynamic config was set (or deleted, with a null value) for a topic, broker, ...
    seq:
      - id: resource_type
        -orig-id: ResourceType
        type: s1
        doc: 2 topic, 4 broker, 8 broker logger, 16 client metrics (ConfigResource.Type).
      - id: resource_name
        -orig-id: ResourceName
        type: kafka_protocol_types::string(true)
      - id: name
        -orig-id: Name
        type: kafka_protocol_types::string(true)
      - id: value
        -orig-id: Value
        type: kafka_protocol_types::string(true)
      - id: tagged_fields
        type: record_tagged_fields(4)
  partition_change_record:
    -webide-representation: '{topic_id:uuid} partition {partition_id:dec}: {tagged_fields}'
    -orig-id: PartitionChangeRecord
    -tagged-fields:
      - id: isr
        tag: 0
      - id: leader
        tag: 1
        default: -2
      - id: replicas
        tag: 2
      - id: removing_replicas
        tag: 3
      - id: adding_replicas
        tag: 4
      - id: leader_recovery_state
        tag: 5
        default: -1
      - id: directories
        tag: 8
        if: version >= 1
      - id: eligible_leader_replicas
        tag: 6
        if: version >= 2
      - id: last_known_elr
        tag: 7
        if: version >= 2
    doc: |
      A change to a partition (leader election, ISR change, reassignment). Everything that
      changed is a tagged field; an absent tag means "no change". Versions 0-2.
    params:
      - id: version
        type: u2
    seq:
      - id: partition_id
        -orig-id: PartitionId
        type: s4
      - id: topic_id
        -orig-id: TopicId
        size: 16
      - id: tagged_fields
        type: record_tagged_fields(5)
  fence_broker_record:
    -webide-representation: 'broker {id:dec} epoch {epoch:dec}'
    doc: 'A broker fenced (not serving) by the controller.'
    -orig-id: FenceBrokerRecord
    seq:
      - id: id
        -orig-id: Id
        type: s4
      - id: epoch
        -orig-id: Epoch
        type: s8
      - id: tagged_fields
        type: record_tagged_fields(7)
  unfence_broker_record:
    -webide-representation: 'broker {id:dec} epoch {epoch:dec}'
    doc: 'A broker unfenced by the controller.'
    -orig-id: UnfenceBrokerRecord
    seq:
      - id: id
        -orig-id: Id
        type: s4
      - id: epoch
        -orig-id: Epoch
        type: s8
      - id: tagged_fields
        type: record_tagged_fields(8)
  remove_topic_record:
    -webide-representation: '{topic_id:uuid}'
    doc: 'A topic deleted.'
    -orig-id: RemoveTopicRecord
    seq:
      - id: topic_id
        -orig-id: TopicId
        size: 16
      - id: tagged_fields
        type: record_tagged_fields(9)
  delegation_token_record:
    -webide-representation: '{token_id} of {owner}'
    doc: 'A delegation token created or renewed.'
    -orig-id: DelegationTokenRecord
    seq:
      - id: owner
        -orig-id: Owner
        type: kafka_protocol_types::string(true)
      - id: requester
        -orig-id: Requester
        type: kafka_protocol_types::string(true)
      - id: renewers
        -orig-id: Renewers
        type: kafka_protocol_types::string_array(true)
      - id: issue_timestamp
        -orig-id: IssueTimestamp
        type: s8
      - id: max_timestamp
        -orig-id: MaxTimestamp
        type: s8
      - id: expiration_timestamp
        -orig-id: ExpirationTimestamp
        type: s8
      - id: token_id
        -orig-id: TokenId
        type: kafka_protocol_types::string(true)
      - id: tagged_fields
        type: record_tagged_fields(10)
  user_scram_credential_record:
    -webide-representation: '{name}'
    doc: 'A SCRAM credential of a user, salted and hashed.'
    -orig-id: UserScramCredentialRecord
    seq:
      - id: name
        -orig-id: Name
        type: kafka_protocol_types::string(true)
      - id: mechanism
        -orig-id: Mechanism
        type: s1
      - id: salt
        -orig-id: Salt
        type: kafka_protocol_types::bytes(true)
      - id: stored_key
        -orig-id: StoredKey
        type: kafka_protocol_types::bytes(true)
      - id: server_key
        -orig-id: ServerKey
        type: kafka_protocol_types::bytes(true)
      - id: iterations
        -orig-id: Iterations
        type: s4
      - id: tagged_fields
        type: record_tagged_fields(11)
  feature_level_record:
    -webide-representation: '{name} = {feature_level:dec}'
    -orig-id: FeatureLevelRecord
    doc: A finalized feature level (`metadata.version`, `kraft.version`, `group.version`, ...).
    seq:
      - id: name
        -orig-id: Name
        type: kafka_protocol_types::string(true)
      - id: feature_level
        -orig-id: FeatureLevel
        type: s2
      - id: tagged_fields
        type: record_tagged_fields(12)
  client_quota_record:
    -webide-representation: '{entity}: {key} = {value}'
    doc: 'A client quota set or removed for an entity.'
    -orig-id: ClientQuotaRecord
    seq:
      - id: len_entity
        type: kafka_protocol_types::array_length(true)
      - id: entity
        -orig-id: Entity
        type: entity_data
        repeat: expr
        repeat-expr: 'len_entity.num_items < 0 ? 0 : len_entity.num_items'
      - id: key
        -orig-id: Key
        type: kafka_protocol_types::string(true)
      - id: value
        -orig-id: Value
        type: f8
      - id: remove
        -orig-id: Remove
        type: u1
      - id: tagged_fields
        type: record_tagged_fields(14)
  entity_data:
    -webide-representation: '{entity_type} {entity_name}'
    doc: 'One part of a quota entity (user, client id, ip).'
    -orig-id: EntityData
    seq:
      - id: entity_type
        -orig-id: EntityType
        type: kafka_protocol_types::string(true)
      - id: entity_name
        -orig-id: EntityName
        type: kafka_protocol_types::string(true)
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  producer_ids_record:
    -webide-representation: 'broker {broker_id:dec}: next producer id {next_producer_id:dec}'
    -orig-id: ProducerIdsRecord
    doc: A block of producer ids was handed to a broker; `next_producer_id` is the first id not yet given out.
    seq:
      - id: broker_id
        -orig-id: BrokerId
        type: s4
      - id: broker_epoch
        -orig-id: BrokerEpoch
        type: s8
      - id: next_producer_id
        -orig-id: NextProducerId
        type: s8
      - id: tagged_fields
        type: record_tagged_fields(15)
  broker_registration_change_record:
    -webide-representation: 'broker {broker_id:dec} epoch {broker_epoch:dec}: {tagged_fields}'
    -orig-id: BrokerRegistrationChangeRecord
    -tagged-fields:
      - id: fenced
        tag: 0
        default: 0
      - id: in_controlled_shutdown
        tag: 1
        if: version >= 1
        default: 0
      - id: log_dirs
        tag: 2
        if: version >= 2
        default: []
      - id: cordoned_log_dirs
        tag: 3
        if: version >= 3
        default: null
    doc: |
      A broker was fenced or unfenced, entered controlled shutdown, or changed log dirs or the
      log dirs it cordons (KIP-1066, version 3). Versions 0-3.
    params:
      - id: version
        type: u2
    seq:
      - id: broker_id
        -orig-id: BrokerId
        type: s4
      - id: broker_epoch
        -orig-id: BrokerEpoch
        type: s8
      - id: tagged_fields
        type: record_tagged_fields(17)
  access_control_entry_record:
    -webide-representation: '{principal} on {resource_name} ({id:uuid})'
    doc: 'An ACL added.'
    -orig-id: AccessControlEntryRecord
    seq:
      - id: id
        -orig-id: Id
        size: 16
      - id: resource_type
        -orig-id: ResourceType
        type: s1
      - id: resource_name
        -orig-id: ResourceName
        type: kafka_protocol_types::string(true)
      - id: pattern_type
        -orig-id: PatternType
        type: s1
      - id: principal
        -orig-id: Principal
        type: kafka_protocol_types::string(true)
      - id: host
        -orig-id: Host
        type: kafka_protocol_types::string(true)
      - id: operation
        -orig-id: Operation
        type: s1
      - id: permission_type
        -orig-id: PermissionType
        type: s1
      - id: tagged_fields
        type: record_tagged_fields(18)
  remove_access_control_entry_record:
    -webide-representation: '{id:uuid}'
    doc: 'An ACL removed.'
    -orig-id: RemoveAccessControlEntryRecord
    seq:
      - id: id
        -orig-id: Id
        size: 16
      - id: tagged_fields
        type: record_tagged_fields(19)
  no_op_record:
    -orig-id: NoOpRecord
    doc: |
      Written by the active controller at a fixed interval (`metadata.max.idle.interval.ms`,
      500 ms by default) so that the log's high watermark advances; usually most of the log.
    seq:
      - id: tagged_fields
        type: record_tagged_fields(20)
  zk_migration_state_record:
    -webide-representation: 'state {zk_migration_state:dec}'
    doc: 'The ZooKeeper migration state (KIP-866).'
    -orig-id: ZkMigrationStateRecord
    seq:
      - id: zk_migration_state
        -orig-id: ZkMigrationState
        type: s1
      - id: tagged_fields
        type: record_tagged_fields(21)
  remove_user_scram_credential_record:
    -webide-representation: '{name}'
    doc: 'A SCRAM credential removed.'
    -orig-id: RemoveUserScramCredentialRecord
    seq:
      - id: name
        -orig-id: Name
        type: kafka_protocol_types::string(true)
      - id: mechanism
        -orig-id: Mechanism
        type: s1
      - id: tagged_fields
        type: record_tagged_fields(22)
  begin_transaction_record:
    -webide-representation: '{tagged_fields}'
    -orig-id: BeginTransactionRecord
    -tagged-fields:
      - id: name
        tag: 0
    doc: Starts a metadata transaction (KIP-868), e.g. the records of a ZooKeeper migration.
    seq:
      - id: tagged_fields
        type: record_tagged_fields(23)
  end_transaction_record:
    doc: 'The end of a metadata transaction (KIP-868).'
    -orig-id: EndTransactionRecord
    seq:
      - id: tagged_fields
        type: record_tagged_fields(24)
  abort_transaction_record:
    -webide-representation: '{tagged_fields}'
    doc: 'An aborted metadata transaction (KIP-868), with its reason in a tag.'
    -orig-id: AbortTransactionRecord
    -tagged-fields:
      - id: reason
        tag: 0
    seq:
      - id: tagged_fields
        type: record_tagged_fields(25)
  remove_delegation_token_record:
    -webide-representation: '{token_id}'
    doc: 'A delegation token removed.'
    -orig-id: RemoveDelegationTokenRecord
    seq:
      - id: token_id
        -orig-id: TokenId
        type: kafka_protocol_types::string(true)
      - id: tagged_fields
        type: record_tagged_fields(26)
  register_controller_record:
    -webide-representation: 'controller {controller_id:dec}, incarnation {incarnation_id:uuid}'
    doc: 'A KRaft controller registering (KIP-919).'
    -orig-id: RegisterControllerRecord
    seq:
      - id: controller_id
        -orig-id: ControllerId
        type: s4
      - id: incarnation_id
        -orig-id: IncarnationId
        size: 16
      - id: zk_migration_ready
        -orig-id: ZkMigrationReady
        type: u1
      - id: len_end_points
        type: kafka_protocol_types::array_length(true)
      - id: end_points
        -orig-id: EndPoints
        type: broker_endpoint
        repeat: expr
        repeat-expr: 'len_end_points.num_items < 0 ? 0 : len_end_points.num_items'
      - id: len_features
        type: kafka_protocol_types::array_length(true)
      - id: features
        -orig-id: Features
        type: feature
        repeat: expr
        repeat-expr: 'len_features.num_items < 0 ? 0 : len_features.num_items'
      - id: tagged_fields
        type: record_tagged_fields(27)
  clear_elr_record:
    -webide-representation: 'clear ELR of {topic_name}'
    -orig-id: ClearElrRecord
    doc: |
      The eligible leader replicas (KIP-966) of the topic's partitions are cleared, or those of every
      topic when the name is empty (Kafka 4.0+).
    seq:
      - id: topic_name
        -orig-id: TopicName
        type: kafka_protocol_types::string(true)
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
enums:
  metadata_record_type:
    0: register_broker_record
    1: unregister_broker_record
    2: topic_record
    3: partition_record
    4: config_record
    5: partition_change_record
    7: fence_broker_record
    8: unfence_broker_record
    9: remove_topic_record
    10: delegation_token_record
    11: user_scram_credential_record
    12: feature_level_record
    14: client_quota_record
    15: producer_ids_record
    17: broker_registration_change_record
    18: access_control_entry_record
    19: remove_access_control_entry_record
    20: no_op_record
    21: zk_migration_state_record
    22: remove_user_scram_credential_record
    23: begin_transaction_record
    24: end_transaction_record
    25: abort_transaction_record
    26: remove_delegation_token_record
    27: register_controller_record
    28: clear_elr_record
