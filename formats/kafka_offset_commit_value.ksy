meta:
  id: kafka_offset_commit_value
  title: Apache Kafka __consumer_offsets offset commit value (OffsetCommitValue v0-v4)
  license: Apache-2.0
  ks-version: '0.11'
  imports:
    - kafka_unsigned_varint
    - kafka_protocol_types
  endian: be
doc: |
  The value of a `__consumer_offsets` record whose key is an offset commit (key record type 0 or
  1, see `kafka_consumer_offsets_key`): the offset a consumer group committed for one partition.
  Written by the group coordinator when it accepts an OffsetCommit (or TxnOffsetCommit) request.

  An int16 version comes first. Versions and the brokers that write them:

  * 0: offset, metadata, commit timestamp (Kafka 0.9).
  * 1: adds an expire timestamp. Written before `inter.broker.protocol.version` 2.1, and by later
    brokers for a commit that carries a retention time (an old OffsetCommit request version).
  * 2: drops the expire timestamp (KIP-211, IBP 2.1-IV0).
  * 3: adds the leader epoch of the committed offset (KIP-320, IBP 2.1-IV1 and later).
  * 4: the first flexible version (KIP-915): compact string and a tagged-field section. Kafka 3.9
    reads it but still writes 3 ("until a tagged field is introduced"); Kafka 4.x writes it
    with the committed topic's id as tag 0 (`topicId`, in `-tagged-fields`; Kafka writes it
    only when it is not the zero Uuid). Unknown tags stay raw.

  The body of an unknown version stays raw bytes, so a reader can report it rather than fail.
doc-ref:
  - https://github.com/apache/kafka/blob/3.9.0/group-coordinator/src/main/resources/common/message/OffsetCommitValue.json
  - https://github.com/apache/kafka/blob/3.9.0/server-common/src/main/java/org/apache/kafka/server/common/MetadataVersion.java offsetCommitValueVersion
  - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/OffsetCommitValue.json topicId (tag 0, version 4+)
  - https://cwiki.apache.org/confluence/display/KAFKA/KIP-915%3A+Txn+and+Group+Coordinator+Downgrade+Foundation KIP-915
-webide-representation: 'v{version:dec}: {data}'
seq:
  - id: version
    type: s2
  - id: data
    size-eos: true
    type:
      switch-on: version
      cases:
        0: offset_commit_body(0)
        1: offset_commit_body(1)
        2: offset_commit_body(2)
        3: offset_commit_body(3)
        4: offset_commit_body(4)
types:
  offset_commit_body:
    -webide-representation: 'offset {offset:dec}, leader epoch {leader_epoch:dec}, committed at {commit_timestamp:dec}'
    doc: |
      The committed offset with its leader epoch (v3+), metadata and timestamps (expire timestamp
      only in v1).
    -orig-id: OffsetCommitValue
    -tagged-fields:
      - id: topic_id
        -orig-id: topicId
        tag: 0
        if: version >= 4
        default: AAAAAAAAAAAAAAAAAAAAAA
    params:
      - id: version
        type: s2
    seq:
      - id: offset
        type: s8
      - id: leader_epoch
        -orig-id: leaderEpoch
        type: s4
        if: version >= 3
      - id: metadata
        type: kafka_protocol_types::string(version >= 4)
        doc: Free text the consumer sent with the commit; usually empty.
      - id: commit_timestamp
        -orig-id: commitTimestamp
        type: s8
      - id: expire_timestamp
        -orig-id: expireTimestamp
        type: s8
        if: version == 1
      - id: tagged_fields
        type: offset_commit_tags
        if: version >= 4
  offset_commit_tags:
    -webide-representation: '{num_fields} tagged fields'
    doc: The tagged-field section of a version 4 value, with the topic id decoded.
    seq:
      - id: num_fields
        type: kafka_unsigned_varint
      - id: fields
        type: offset_commit_tag
        repeat: expr
        repeat-expr: num_fields.value
  offset_commit_tag:
    -webide-representation: 'tag {tag}: {data}'
    doc: One tagged field; tag 0 is the topic id.
    seq:
      - id: tag
        type: kafka_unsigned_varint
      - id: len_data
        type: kafka_unsigned_varint
      - id: data
        size: len_data.value
        type:
          switch-on: tag.value
          cases:
            0: offset_commit_tag_uuid
  offset_commit_tag_uuid:
    -webide-representation: '{value}'
    doc: A Uuid tagged field.
    seq:
      - id: value
        size: 16
