meta:
  id: aiven_segment_indexes
  title: Aiven tiered storage segment indexes object (.indexes), unencrypted
  file-extension: indexes
  license: Apache-2.0
  ks-version: '0.11'
  imports:
    - kafka_offset_index
    - kafka_time_index
    - kafka_producer_snapshot
    - kafka_txn_index
  endian: be
doc: |
  The `.indexes` object that Aiven's tiered-storage-for-apache-kafka uploads beside a remote
  segment's `.log`: the broker's files for that segment back to back, never compressed, in the
  order offset index, time index, producer snapshot (the `<next segment base>.snapshot` the broker
  hands over), leader-epoch checkpoint, then the transaction index when the segment has one. Where
  each starts and how long it is comes only from the segment's JSON `.rsm-manifest`
  (`segmentIndexes.<kind>.position` and `.size`), so this spec takes the sizes as parameters; an
  index of size 0 (an empty time index, no producer snapshot) takes no bytes.

  In an encrypted segment each non-empty part is instead one AES-GCM chunk of its own (see
  `aiven_encrypted_chunk`), and the sizes are those of the chunks: decrypted, each part is what
  this spec reads. The leader-epoch checkpoint is Kafka's text checkpoint format (version line,
  count line, then `epoch offset` lines) of the epochs of this segment only.
doc-ref:
  - https://github.com/Aiven-Open/tiered-storage-for-apache-kafka/blob/8fb15816df2d0b3f880b76e5ac0a14b64dd790d9/core/src/main/java/io/aiven/kafka/tieredstorage/KafkaRemoteStorageManager.java
  - https://github.com/Aiven-Open/tiered-storage-for-apache-kafka/blob/8fb15816df2d0b3f880b76e5ac0a14b64dd790d9/core/src/main/java/io/aiven/kafka/tieredstorage/manifest/SegmentIndexesV1.java
params:
  - id: len_offset
    type: u4
    doc: segmentIndexes.offset.size
  - id: len_timestamp
    type: u4
    doc: segmentIndexes.timestamp.size
  - id: len_producer_snapshot
    type: u4
    doc: segmentIndexes.producerSnapshot.size
  - id: len_leader_epoch
    type: u4
    doc: segmentIndexes.leaderEpoch.size
  - id: len_transaction
    type: u4
    doc: segmentIndexes.transaction.size, 0 when the manifest's transaction is null
seq:
  - id: offset_index
    size: len_offset
    type: kafka_offset_index
  - id: time_index
    size: len_timestamp
    type: kafka_time_index
  - id: producer_snapshot
    size: len_producer_snapshot
    type: kafka_producer_snapshot
    if: len_producer_snapshot > 0
  - id: leader_epoch_checkpoint
    size: len_leader_epoch
    type: str
    encoding: ASCII
    doc: The leader-epoch checkpoint text of the segment's epochs.
  - id: transaction_index
    size: len_transaction
    type: kafka_txn_index
    if: len_transaction > 0
