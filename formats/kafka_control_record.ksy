meta:
  id: kafka_control_record
  title: Apache Kafka control record (transaction markers and KRaft control records)
  license: Apache-2.0
  ks-version: '0.11'
  imports:
    - kafka_varint
    - kafka_unsigned_varint
    - kafka_record_header
    - kafka_protocol_types
  endian: be
doc: |
  A record of a control batch (a v2 batch with attribute bit 5 set). Control records are written
  by brokers and controllers, never by clients, and a consumer never hands them to an application.
  The framing is the one of every v2 record (`kafka_record`); what differs is that the key and the
  value have a schema:

  * the key is `version` (int16, 0) and `type` (int16): ABORT 0 and COMMIT 1 are the transaction
    markers (KIP-98) that end a transaction in a data partition; LEADER_CHANGE 2 is written by a
    KRaft leader when it is elected; SNAPSHOT_HEADER 3 and SNAPSHOT_FOOTER 4 frame a KRaft snapshot
    (`.checkpoint`); KRAFT_VERSION 5 and KRAFT_VOTERS 6 record the quorum's protocol version and
    voter set (KIP-853). Kafka reads any other type as UNKNOWN and any version above 0 as version 0.
  * the value of ABORT and COMMIT is the end transaction marker: `version` (int16, 0) and the
    transaction coordinator's epoch (int32). The KRaft values are generated Kafka "data" messages in
    the flexible encoding: compact strings and arrays (an unsigned varint holding length + 1, 0 for
    null) and a tagged-field section at the end of every structure. Kafka always reads them at data
    version 0; their first field, `version`, is part of the message itself.

  A value whose type is unknown stays raw bytes.
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/record/ControlRecordType.java
  - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/record/EndTransactionMarker.java
  - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/record/ControlRecordUtils.java
  - https://github.com/apache/kafka/tree/3.9.0/clients/src/main/resources/common/message LeaderChangeMessage.json, SnapshotHeaderRecord.json, SnapshotFooterRecord.json, KRaftVersionRecord.json, VotersRecord.json
  - https://cwiki.apache.org/confluence/display/KAFKA/KIP-482%3A+The+Kafka+Protocol+should+Support+Optional+Tagged+Fields KIP-482, the flexible encoding
-webide-representation: 'offset +{offset_delta}: control type {key}: {value}'
seq:
  - id: len_record
    -orig-id: length
    type: kafka_varint
  - id: attributes
    type: s1
  - id: timestamp_delta
    -orig-id: timestampDelta
    type: kafka_varint
  - id: offset_delta
    -orig-id: offsetDelta
    type: kafka_varint
  - id: len_key
    -orig-id: keyLength
    type: kafka_varint
    doc: At least 4 in a valid control record.
  - id: key
    size: len_key.value
    type: control_key
  - id: len_value
    -orig-id: valueLen
    type: kafka_varint
  - id: value
    size: len_value.value
    if: len_value.value >= 0
    type:
      switch-on: key.type
      cases:
        'control_type::abort': end_txn_marker
        'control_type::commit': end_txn_marker
        'control_type::leader_change': leader_change_message
        'control_type::snapshot_header': snapshot_header_record
        'control_type::snapshot_footer': snapshot_footer_record
        'control_type::kraft_version': kraft_version_record
        'control_type::kraft_voters': voters_record
  - id: num_headers
    -orig-id: headersCount
    type: kafka_varint
  - id: headers
    type: kafka_record_header
    repeat: expr
    repeat-expr: num_headers.value
types:
  control_key:
    -webide-representation: '{type:dec} (version {version:dec})'
    doc: |
      The key of every control record: its version and the control type (0 ABORT, 1 COMMIT, 2
      LEADER_CHANGE, 3 SNAPSHOT_HEADER, 4 SNAPSHOT_FOOTER, 5 KRAFT_VERSION, 6 KRAFT_VOTERS).
    -orig-id: ControlRecordType key schema v0
    seq:
      - id: version
        type: s2
        doc: 0; Kafka rejects a negative version and reads a higher one as version 0.
      - id: type
        type: s2
        enum: control_type
  end_txn_marker:
    -webide-representation: 'coordinator epoch {coordinator_epoch:dec}'
    -orig-id: EndTransactionMarker
    doc: The value of ABORT and COMMIT markers (at least 6 bytes).
    seq:
      - id: version
        type: s2
      - id: coordinator_epoch
        -orig-id: coordinatorEpoch
        type: s4
  leader_change_message:
    -webide-representation: 'leader {leader_id:dec}, voters {voters}'
    doc: 'Written by a new KRaft leader (KIP-595): the leader and the voters that elected it.'
    -orig-id: LeaderChangeMessage
    seq:
      - id: version
        type: s2
      - id: leader_id
        -orig-id: LeaderId
        type: s4
      - id: len_voters
        type: kafka_unsigned_varint
        doc: Number of voters + 1 (unsigned varint; 0 is null).
      - id: voters
        -orig-id: Voters
        type: leader_change_voter
        repeat: expr
        repeat-expr: len_voters.value - 1
      - id: len_granting_voters
        type: kafka_unsigned_varint
      - id: granting_voters
        -orig-id: GrantingVoters
        type: leader_change_voter
        repeat: expr
        repeat-expr: len_granting_voters.value - 1
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
    types:
      leader_change_voter:
        -webide-representation: '{voter_id:dec}'
        doc: 'A voter by id.'
        seq:
          - id: voter_id
            -orig-id: VoterId
            type: s4
          - id: tagged_fields
            type: kafka_protocol_types::tagged_fields
  snapshot_header_record:
    -webide-representation: 'last contained log timestamp {last_contained_log_timestamp:dec}'
    doc: 'The first record of a KRaft snapshot (KIP-630).'
    -orig-id: SnapshotHeaderRecord
    seq:
      - id: version
        type: s2
      - id: last_contained_log_timestamp
        -orig-id: LastContainedLogTimestamp
        type: s8
        doc: Append time of the last record included in the snapshot, in ms.
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  snapshot_footer_record:
    -webide-representation: 'version {version:dec}'
    doc: 'The last record of a KRaft snapshot (KIP-630).'
    -orig-id: SnapshotFooterRecord
    seq:
      - id: version
        type: s2
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  kraft_version_record:
    -webide-representation: 'kraft.version {kraft_version:dec}'
    doc: 'The finalized kraft.version of the quorum (KIP-853).'
    -orig-id: KRaftVersionRecord
    seq:
      - id: version
        type: s2
      - id: kraft_version
        -orig-id: KRaftVersion
        type: s2
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
  voters_record:
    -webide-representation: 'voters {voters}'
    doc: 'The set of voters of the quorum (KIP-853).'
    -orig-id: VotersRecord
    seq:
      - id: version
        type: s2
      - id: len_voters
        type: kafka_unsigned_varint
      - id: voters
        -orig-id: Voters
        type: voters_record_voter
        repeat: expr
        repeat-expr: len_voters.value - 1
      - id: tagged_fields
        type: kafka_protocol_types::tagged_fields
    types:
      voters_record_voter:
        -webide-representation: '{voter_id:dec} ({voter_directory_id:uuid}) {endpoints}'
        doc: 'A voter: its id, its metadata log directory id and its listeners.'
        seq:
          - id: voter_id
            -orig-id: VoterId
            type: s4
          - id: voter_directory_id
            -orig-id: VoterDirectoryId
            size: 16
            doc: A UUID, the voter's metadata log directory id.
          - id: len_endpoints
            type: kafka_unsigned_varint
          - id: endpoints
            -orig-id: Endpoints
            type: voter_endpoint
            repeat: expr
            repeat-expr: len_endpoints.value - 1
          - id: kraft_version_feature
            -orig-id: KRaftVersionFeature
            type: kraft_version_feature
          - id: tagged_fields
            type: kafka_protocol_types::tagged_fields
      voter_endpoint:
        -webide-representation: '{name} {host}:{port:dec}'
        doc: 'A listener of a voter.'
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
          - id: tagged_fields
            type: kafka_protocol_types::tagged_fields
      kraft_version_feature:
        -webide-representation: 'kraft.version {min_supported_version:dec}..{max_supported_version:dec}'
        doc: 'The kraft.version range a voter supports.'
        seq:
          - id: min_supported_version
            -orig-id: MinSupportedVersion
            type: s2
          - id: max_supported_version
            -orig-id: MaxSupportedVersion
            type: s2
          - id: tagged_fields
            type: kafka_protocol_types::tagged_fields
enums:
  control_type:
    0: abort
    1: commit
    2: leader_change
    3: snapshot_header
    4: snapshot_footer
    5: kraft_version
    6: kraft_voters
