# This is a generated file! Edit formats/*.ksy and run `make generate` (tools/layout.js).
"""The fixed-size headers and entries of the specs, for reading them with `struct`.

Each layout is a class of constants derived from formats/*.ksy: for each field, <FIELD>_OFFSET
(built on the field before, as in Kafka's DefaultRecordBatch.java), <FIELD>_LENGTH and
<FIELD>_STRUCT; SIZE; FIELDS, the field ids in order; STRUCT, all of them at once (pad bytes for
gaps); MIN_SIZE where the type has more fixed-size fields after the layout; and <INSTANCE>_MASK
for each bit mask a `value:` instance of the spec applies to a field (`attributes & 7`).
"""

import struct
from typing import Final


class LogEntryPrefix:
    """The offset and length in front of every entry of a segment (Kafka's Records.LOG_OVERHEAD).

    From kafka_log.ksy, type log_entry (instances at ofs_entry + N): offset, len_body.
    """

    OFFSET_OFFSET: Final = 0
    OFFSET_LENGTH: Final = 8
    OFFSET_STRUCT: Final = struct.Struct(">q")
    LEN_BODY_OFFSET: Final = OFFSET_OFFSET + OFFSET_LENGTH
    LEN_BODY_LENGTH: Final = 4
    LEN_BODY_STRUCT: Final = struct.Struct(">i")
    SIZE: Final = LEN_BODY_OFFSET + LEN_BODY_LENGTH
    FIELDS: Final = ("offset", "len_body")
    STRUCT: Final = struct.Struct(">qi")


class LogEntryHeader:
    """An entry up to its magic byte, at the same place in every format (Records.HEADER_SIZE_UP_TO_MAGIC).

    From kafka_log.ksy, type log_entry (instances at ofs_entry + N): offset, len_body, magic.
    """

    OFFSET_OFFSET: Final = 0
    OFFSET_LENGTH: Final = 8
    OFFSET_STRUCT: Final = struct.Struct(">q")
    LEN_BODY_OFFSET: Final = OFFSET_OFFSET + OFFSET_LENGTH
    LEN_BODY_LENGTH: Final = 4
    LEN_BODY_STRUCT: Final = struct.Struct(">i")
    MAGIC_OFFSET: Final = 16
    MAGIC_LENGTH: Final = 1
    MAGIC_STRUCT: Final = struct.Struct(">b")
    SIZE: Final = MAGIC_OFFSET + MAGIC_LENGTH
    FIELDS: Final = ("offset", "len_body", "magic")
    STRUCT: Final = struct.Struct(">qi4xb")


class RecordBatchHeader:
    """The v2 record batch header, from its offset to the record count (DefaultRecordBatch).

    From kafka_record_batch.ksy (seq): base_offset, len_batch, partition_leader_epoch, magic, crc,
    attributes, last_offset_delta, base_timestamp, max_timestamp, producer_id, producer_epoch,
    base_sequence, num_records.
    """

    BASE_OFFSET_OFFSET: Final = 0  # baseOffset
    BASE_OFFSET_LENGTH: Final = 8
    BASE_OFFSET_STRUCT: Final = struct.Struct(">q")
    LEN_BATCH_OFFSET: Final = BASE_OFFSET_OFFSET + BASE_OFFSET_LENGTH  # batchLength
    LEN_BATCH_LENGTH: Final = 4
    LEN_BATCH_STRUCT: Final = struct.Struct(">i")
    PARTITION_LEADER_EPOCH_OFFSET: Final = LEN_BATCH_OFFSET + LEN_BATCH_LENGTH  # partitionLeaderEpoch
    PARTITION_LEADER_EPOCH_LENGTH: Final = 4
    PARTITION_LEADER_EPOCH_STRUCT: Final = struct.Struct(">i")
    MAGIC_OFFSET: Final = PARTITION_LEADER_EPOCH_OFFSET + PARTITION_LEADER_EPOCH_LENGTH
    MAGIC_LENGTH: Final = 1
    MAGIC_STRUCT: Final = struct.Struct(">b")
    CRC_OFFSET: Final = MAGIC_OFFSET + MAGIC_LENGTH
    CRC_LENGTH: Final = 4
    CRC_STRUCT: Final = struct.Struct(">I")
    ATTRIBUTES_OFFSET: Final = CRC_OFFSET + CRC_LENGTH
    ATTRIBUTES_LENGTH: Final = 2
    ATTRIBUTES_STRUCT: Final = struct.Struct(">h")
    LAST_OFFSET_DELTA_OFFSET: Final = ATTRIBUTES_OFFSET + ATTRIBUTES_LENGTH  # lastOffsetDelta
    LAST_OFFSET_DELTA_LENGTH: Final = 4
    LAST_OFFSET_DELTA_STRUCT: Final = struct.Struct(">i")
    BASE_TIMESTAMP_OFFSET: Final = LAST_OFFSET_DELTA_OFFSET + LAST_OFFSET_DELTA_LENGTH  # baseTimestamp
    BASE_TIMESTAMP_LENGTH: Final = 8
    BASE_TIMESTAMP_STRUCT: Final = struct.Struct(">q")
    MAX_TIMESTAMP_OFFSET: Final = BASE_TIMESTAMP_OFFSET + BASE_TIMESTAMP_LENGTH  # maxTimestamp
    MAX_TIMESTAMP_LENGTH: Final = 8
    MAX_TIMESTAMP_STRUCT: Final = struct.Struct(">q")
    PRODUCER_ID_OFFSET: Final = MAX_TIMESTAMP_OFFSET + MAX_TIMESTAMP_LENGTH  # producerId
    PRODUCER_ID_LENGTH: Final = 8
    PRODUCER_ID_STRUCT: Final = struct.Struct(">q")
    PRODUCER_EPOCH_OFFSET: Final = PRODUCER_ID_OFFSET + PRODUCER_ID_LENGTH  # producerEpoch
    PRODUCER_EPOCH_LENGTH: Final = 2
    PRODUCER_EPOCH_STRUCT: Final = struct.Struct(">h")
    BASE_SEQUENCE_OFFSET: Final = PRODUCER_EPOCH_OFFSET + PRODUCER_EPOCH_LENGTH  # baseSequence
    BASE_SEQUENCE_LENGTH: Final = 4
    BASE_SEQUENCE_STRUCT: Final = struct.Struct(">i")
    NUM_RECORDS_OFFSET: Final = BASE_SEQUENCE_OFFSET + BASE_SEQUENCE_LENGTH  # recordsCount
    NUM_RECORDS_LENGTH: Final = 4
    NUM_RECORDS_STRUCT: Final = struct.Struct(">i")
    SIZE: Final = NUM_RECORDS_OFFSET + NUM_RECORDS_LENGTH
    FIELDS: Final = ("base_offset", "len_batch", "partition_leader_epoch", "magic", "crc", "attributes", "last_offset_delta", "base_timestamp", "max_timestamp", "producer_id", "producer_epoch", "base_sequence", "num_records")
    STRUCT: Final = struct.Struct(">qiibIhiqqqhii")
    COMPRESSION_MASK: Final = 0b111  # compression: attributes & 7
    TIMESTAMP_TYPE_MASK: Final = 0b1000  # timestamp_type: attributes & 8
    IS_TRANSACTIONAL_MASK: Final = 0b10000  # is_transactional: attributes & 16
    IS_CONTROL_MASK: Final = 0b100000  # is_control: attributes & 32
    HAS_DELETE_HORIZON_MASK: Final = 0b1000000  # has_delete_horizon: attributes & 64


class LegacyMessageV0:
    """A v0 message up to its key (LegacyRecord); MIN_SIZE is RECORD_OVERHEAD_V0.

    From kafka_message.ksy (seq): crc, magic, attributes, len_key.
    """

    CRC_OFFSET: Final = 0
    CRC_LENGTH: Final = 4
    CRC_STRUCT: Final = struct.Struct(">I")
    MAGIC_OFFSET: Final = CRC_OFFSET + CRC_LENGTH
    MAGIC_LENGTH: Final = 1
    MAGIC_STRUCT: Final = struct.Struct(">b")
    ATTRIBUTES_OFFSET: Final = MAGIC_OFFSET + MAGIC_LENGTH
    ATTRIBUTES_LENGTH: Final = 1
    ATTRIBUTES_STRUCT: Final = struct.Struct(">B")
    LEN_KEY_OFFSET: Final = ATTRIBUTES_OFFSET + ATTRIBUTES_LENGTH  # keyLength
    LEN_KEY_LENGTH: Final = 4
    LEN_KEY_STRUCT: Final = struct.Struct(">i")
    SIZE: Final = LEN_KEY_OFFSET + LEN_KEY_LENGTH
    MIN_SIZE: Final = SIZE + 4  # the fixed-size fields after these
    FIELDS: Final = ("crc", "magic", "attributes", "len_key")
    STRUCT: Final = struct.Struct(">IbBi")
    COMPRESSION_MASK: Final = 0b111  # compression: attributes & 7
    TIMESTAMP_TYPE_MASK: Final = 0b1000  # timestamp_type: attributes & 8


class LegacyMessageV1:
    """A v1 message up to its key (LegacyRecord); MIN_SIZE is RECORD_OVERHEAD_V1.

    From kafka_message.ksy (seq): crc, magic, attributes, timestamp, len_key.
    """

    CRC_OFFSET: Final = 0
    CRC_LENGTH: Final = 4
    CRC_STRUCT: Final = struct.Struct(">I")
    MAGIC_OFFSET: Final = CRC_OFFSET + CRC_LENGTH
    MAGIC_LENGTH: Final = 1
    MAGIC_STRUCT: Final = struct.Struct(">b")
    ATTRIBUTES_OFFSET: Final = MAGIC_OFFSET + MAGIC_LENGTH
    ATTRIBUTES_LENGTH: Final = 1
    ATTRIBUTES_STRUCT: Final = struct.Struct(">B")
    TIMESTAMP_OFFSET: Final = ATTRIBUTES_OFFSET + ATTRIBUTES_LENGTH
    TIMESTAMP_LENGTH: Final = 8
    TIMESTAMP_STRUCT: Final = struct.Struct(">q")
    LEN_KEY_OFFSET: Final = TIMESTAMP_OFFSET + TIMESTAMP_LENGTH  # keyLength
    LEN_KEY_LENGTH: Final = 4
    LEN_KEY_STRUCT: Final = struct.Struct(">i")
    SIZE: Final = LEN_KEY_OFFSET + LEN_KEY_LENGTH
    MIN_SIZE: Final = SIZE + 4  # the fixed-size fields after these
    FIELDS: Final = ("crc", "magic", "attributes", "timestamp", "len_key")
    STRUCT: Final = struct.Struct(">IbBqi")
    COMPRESSION_MASK: Final = 0b111  # compression: attributes & 7
    TIMESTAMP_TYPE_MASK: Final = 0b1000  # timestamp_type: attributes & 8


class OffsetIndexEntry:
    """An .index entry.

    From kafka_offset_index.ksy, type offset_index_entry (seq): relative_offset, position.
    """

    RELATIVE_OFFSET_OFFSET: Final = 0  # relativeOffset
    RELATIVE_OFFSET_LENGTH: Final = 4
    RELATIVE_OFFSET_STRUCT: Final = struct.Struct(">i")
    POSITION_OFFSET: Final = RELATIVE_OFFSET_OFFSET + RELATIVE_OFFSET_LENGTH  # physical
    POSITION_LENGTH: Final = 4
    POSITION_STRUCT: Final = struct.Struct(">i")
    SIZE: Final = POSITION_OFFSET + POSITION_LENGTH
    FIELDS: Final = ("relative_offset", "position")
    STRUCT: Final = struct.Struct(">ii")


class TimeIndexEntry:
    """A .timeindex entry.

    From kafka_time_index.ksy, type time_index_entry (seq): timestamp, relative_offset.
    """

    TIMESTAMP_OFFSET: Final = 0
    TIMESTAMP_LENGTH: Final = 8
    TIMESTAMP_STRUCT: Final = struct.Struct(">q")
    RELATIVE_OFFSET_OFFSET: Final = TIMESTAMP_OFFSET + TIMESTAMP_LENGTH  # relativeOffset
    RELATIVE_OFFSET_LENGTH: Final = 4
    RELATIVE_OFFSET_STRUCT: Final = struct.Struct(">i")
    SIZE: Final = RELATIVE_OFFSET_OFFSET + RELATIVE_OFFSET_LENGTH
    FIELDS: Final = ("timestamp", "relative_offset")
    STRUCT: Final = struct.Struct(">qi")


class AbortedTxnEntry:
    """A .txnindex entry.

    From kafka_txn_index.ksy, type aborted_txn (seq): version, producer_id, first_offset,
    last_offset, last_stable_offset.
    """

    VERSION_OFFSET: Final = 0
    VERSION_LENGTH: Final = 2
    VERSION_STRUCT: Final = struct.Struct(">h")
    PRODUCER_ID_OFFSET: Final = VERSION_OFFSET + VERSION_LENGTH  # producerId
    PRODUCER_ID_LENGTH: Final = 8
    PRODUCER_ID_STRUCT: Final = struct.Struct(">q")
    FIRST_OFFSET_OFFSET: Final = PRODUCER_ID_OFFSET + PRODUCER_ID_LENGTH  # firstOffset
    FIRST_OFFSET_LENGTH: Final = 8
    FIRST_OFFSET_STRUCT: Final = struct.Struct(">q")
    LAST_OFFSET_OFFSET: Final = FIRST_OFFSET_OFFSET + FIRST_OFFSET_LENGTH  # lastOffset
    LAST_OFFSET_LENGTH: Final = 8
    LAST_OFFSET_STRUCT: Final = struct.Struct(">q")
    LAST_STABLE_OFFSET_OFFSET: Final = LAST_OFFSET_OFFSET + LAST_OFFSET_LENGTH  # lastStableOffset
    LAST_STABLE_OFFSET_LENGTH: Final = 8
    LAST_STABLE_OFFSET_STRUCT: Final = struct.Struct(">q")
    SIZE: Final = LAST_STABLE_OFFSET_OFFSET + LAST_STABLE_OFFSET_LENGTH
    FIELDS: Final = ("version", "producer_id", "first_offset", "last_offset", "last_stable_offset")
    STRUCT: Final = struct.Struct(">hqqqq")


class ProducerSnapshotHeader:
    """The header of a producer state .snapshot.

    From kafka_producer_snapshot.ksy (seq): version, crc, num_entries.
    """

    VERSION_OFFSET: Final = 0
    VERSION_LENGTH: Final = 2
    VERSION_STRUCT: Final = struct.Struct(">h")
    CRC_OFFSET: Final = VERSION_OFFSET + VERSION_LENGTH
    CRC_LENGTH: Final = 4
    CRC_STRUCT: Final = struct.Struct(">I")
    NUM_ENTRIES_OFFSET: Final = CRC_OFFSET + CRC_LENGTH
    NUM_ENTRIES_LENGTH: Final = 4
    NUM_ENTRIES_STRUCT: Final = struct.Struct(">i")
    SIZE: Final = NUM_ENTRIES_OFFSET + NUM_ENTRIES_LENGTH
    FIELDS: Final = ("version", "crc", "num_entries")
    STRUCT: Final = struct.Struct(">hIi")


class ProducerSnapshotEntry:
    """One producer of a .snapshot.

    From kafka_producer_snapshot.ksy, type producer_entry (seq): producer_id, producer_epoch,
    last_sequence, last_offset, offset_delta, timestamp, coordinator_epoch,
    current_txn_first_offset.
    """

    PRODUCER_ID_OFFSET: Final = 0  # ProducerId
    PRODUCER_ID_LENGTH: Final = 8
    PRODUCER_ID_STRUCT: Final = struct.Struct(">q")
    PRODUCER_EPOCH_OFFSET: Final = PRODUCER_ID_OFFSET + PRODUCER_ID_LENGTH  # Epoch
    PRODUCER_EPOCH_LENGTH: Final = 2
    PRODUCER_EPOCH_STRUCT: Final = struct.Struct(">h")
    LAST_SEQUENCE_OFFSET: Final = PRODUCER_EPOCH_OFFSET + PRODUCER_EPOCH_LENGTH  # LastSequence
    LAST_SEQUENCE_LENGTH: Final = 4
    LAST_SEQUENCE_STRUCT: Final = struct.Struct(">i")
    LAST_OFFSET_OFFSET: Final = LAST_SEQUENCE_OFFSET + LAST_SEQUENCE_LENGTH  # LastOffset
    LAST_OFFSET_LENGTH: Final = 8
    LAST_OFFSET_STRUCT: Final = struct.Struct(">q")
    OFFSET_DELTA_OFFSET: Final = LAST_OFFSET_OFFSET + LAST_OFFSET_LENGTH  # OffsetDelta
    OFFSET_DELTA_LENGTH: Final = 4
    OFFSET_DELTA_STRUCT: Final = struct.Struct(">i")
    TIMESTAMP_OFFSET: Final = OFFSET_DELTA_OFFSET + OFFSET_DELTA_LENGTH  # Timestamp
    TIMESTAMP_LENGTH: Final = 8
    TIMESTAMP_STRUCT: Final = struct.Struct(">q")
    COORDINATOR_EPOCH_OFFSET: Final = TIMESTAMP_OFFSET + TIMESTAMP_LENGTH  # CoordinatorEpoch
    COORDINATOR_EPOCH_LENGTH: Final = 4
    COORDINATOR_EPOCH_STRUCT: Final = struct.Struct(">i")
    CURRENT_TXN_FIRST_OFFSET_OFFSET: Final = COORDINATOR_EPOCH_OFFSET + COORDINATOR_EPOCH_LENGTH  # CurrentTxnFirstOffset
    CURRENT_TXN_FIRST_OFFSET_LENGTH: Final = 8
    CURRENT_TXN_FIRST_OFFSET_STRUCT: Final = struct.Struct(">q")
    SIZE: Final = CURRENT_TXN_FIRST_OFFSET_OFFSET + CURRENT_TXN_FIRST_OFFSET_LENGTH
    FIELDS: Final = ("producer_id", "producer_epoch", "last_sequence", "last_offset", "offset_delta", "timestamp", "coordinator_epoch", "current_txn_first_offset")
    STRUCT: Final = struct.Struct(">qhiqiqiq")


class ControlKey:
    """The key of every control record (ControlRecordType's key schema).

    From kafka_control_record.ksy, type control_key (seq): version, type.
    """

    VERSION_OFFSET: Final = 0
    VERSION_LENGTH: Final = 2
    VERSION_STRUCT: Final = struct.Struct(">h")
    TYPE_OFFSET: Final = VERSION_OFFSET + VERSION_LENGTH
    TYPE_LENGTH: Final = 2
    TYPE_STRUCT: Final = struct.Struct(">h")
    SIZE: Final = TYPE_OFFSET + TYPE_LENGTH
    FIELDS: Final = ("version", "type")
    STRUCT: Final = struct.Struct(">hh")
