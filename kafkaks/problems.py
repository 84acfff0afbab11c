"""What kafkaks can report: every :class:`~kafkaks.models.Problem` ``kind``, with its severity.

:class:`ProblemKind` lists each kind once, with what every reader of problems needs to know about
it. Its severity is damage (``damage`` true: something is wrong with the data, or records are lost)
or information (worth knowing; nothing is wrong or lost). Damage is what ``kafkaks verify``
counts in its ``damage`` column (information in its ``info`` column), what makes ``kafkaks
verify`` and ``kafkaks dump`` exit with status 1, what the ``corrupt`` field of their JSON
``problem`` objects says, what fails a Spark job in ``FAILFAST`` (and is skipped in
``PERMISSIVE``), and what ``kafkaks pipeline`` counts as a corrupt batch.

Damage:

=================================  ========================================================
``crc_mismatch``                   a batch whose stored CRC is not that of its bytes
``corrupt_batch``                  a batch header that breaks the format (the Spark source
                                   also names so a batch whose records do not decode)
``unreadable``                     bytes skipped while resynchronising on the next valid batch
``corrupt_records``                a batch whose records do not decompress or decode
``record_crc_mismatch``            a legacy inner message whose own CRC-32 is wrong
``truncated``                      a partial batch at the end of a ``.log``: what a crash
                                   mid-write leaves (Kafka's "Found N invalid bytes"); its
                                   records are lost
``offset_order``                   offsets not increasing: in a segment, between segments, or
                                   a first batch below its segment's base offset (file name)
``index_no_batch``                 an ``.index`` position where no batch starts
``index_mismatch``                 an ``.index`` offset that is not the last offset of its
                                   batch nor of a later batch of the same append
``index_order``                    ``.index`` entries whose offsets or positions do not increase
``index_sanity``                   an ``.index`` that fails Kafka's sanity check (``kafkaks dump
                                   --index-sanity-check``)
``time_index_not_found``           a ``.timeindex`` offset that is in no batch
``time_index_mismatch``            a ``.timeindex`` timestamp that is not its batch's largest
``time_index_out_of_order``        ``.timeindex`` timestamps or offsets that decrease
``time_index_sanity``              a ``.timeindex`` that fails Kafka's sanity check
``snapshot_crc_mismatch``          a producer ``.snapshot`` whose CRC-32C is wrong
``txn_index_version``              a ``.txnindex`` entry of an unknown version
``unreadable_file``                a file that cannot be read or parsed at all
``replica_divergence``             copies of one partition (or two segments of one directory)
                                   hold different valid batches for the same offsets
``tier_gap``                       offsets of a tiered partition held by no segment, remote
                                   or local, between two that are (:mod:`kafkaks.remote`)
=================================  ========================================================

Information:

=================================  ========================================================
``zero_tail``                      a zero-filled tail at the end of a ``.log``, longer than a
                                   batch header (17 bytes), which ``file.preallocate=true``
                                   leaves legitimately; 17 zero bytes or fewer are ``truncated``
``open_transaction``               ``read_committed`` stops at the last stable offset: a
                                   transaction is open (no COMMIT or ABORT marker yet)
``index_multi_batch_append``       an ``.index`` entry written by a broker before KAFKA-806 for
                                   an append of several batches: the position of the first
                                   batch, the last offset of the last
``time_index_record_offset``       a ``.timeindex`` entry holding the offset of the record with
                                   the largest timestamp instead of its batch's last offset, as
                                   brokers before KAFKA-16310 (Kafka 3.8) wrote
``index_cleaned_offset``           an ``.index`` offset in a gap between batches of a segment
                                   that shows log cleaning (:mod:`kafkaks.store.cleaning`):
                                   an offset the cleaner removed
``time_index_cleaned_offset``      a ``.timeindex`` offset the cleaner removed: in such a gap,
                                   or a record missing from a batch whose record offsets are
                                   not contiguous
``time_index_repeated_timestamp``  two entries with the same timestamp: Kafka's writer never
                                   appends one, its dump tool calls it out of order
``missing_log``                    an index without its ``.log``: not verified
``replica_gap``                    offsets present in some copies of a partition only
``replica_repaired``               damage in one copy whose offsets another copy holds
``segment_overlap``                offsets in two segments of one directory, read once
``undecodable_internal_record``    (``kafkaks dump``) a record of an internal topic that its
                                   decoder cannot fully read
=================================  ========================================================

Besides its severity, each member has the traits that some readers of problems need, as booleans;
where a reader judges a kind otherwise than by its severity, a trait says so, and nothing else does:

- ``warns``: without ``on_problem`` the library warns (a :class:`~kafkaks.errors.KafkaksWarning`)
  and reads on, instead of raising. That is the case for the kinds after which reading goes on as
  Kafka's does, damage or not: ``truncated`` (damage: its records are lost, yet Kafka itself reads
  up to it), ``zero_tail``, ``open_transaction`` and the four kinds of
  :mod:`kafkaks.store.replicas` (reading goes on with another copy, or by its rule between copies
  that disagree, ``replica_divergence`` being damage all the same).
- ``repairable``: reported by :func:`~kafkaks.store.segment.read_log` where offsets may be missing
  from the file (or held only by a batch whose CRC fails), which another copy of the partition
  can supply.
- ``between_files``: found by reading the files of one partition as one log
  (:mod:`kafkaks.store.replicas`), about files relative to each other, not one file's own bytes.
- ``kafka_summary``: damage that ``kafka-dump-log`` lists in its end-of-run summaries and exits 0
  on; ``kafkaks dump`` follows it (``corrupt`` false there), while ``kafkaks verify`` counts it as
  damage.

``undecodable_internal_record`` is information, except that ``kafkaks dump`` counts it as
corruption for a record on which Kafka's own decoder throws, under a decoder option.
"""

from __future__ import annotations

from enum import Enum, StrEnum, auto

__all__ = ["ProblemKind"]


class _Trait(Enum):
    DAMAGE = auto()
    INFORMATION = auto()
    WARNS = auto()
    REPAIRABLE = auto()
    BETWEEN_FILES = auto()
    KAFKA_SUMMARY = auto()


class ProblemKind(StrEnum):
    """The ``kind`` of a :class:`~kafkaks.models.Problem`: a string, equal to its value
    (``ProblemKind.CRC_MISMATCH == "crc_mismatch"``), with the booleans ``damage`` (its severity),
    ``warns``, ``repairable``, ``between_files`` and ``kafka_summary`` (see :mod:`kafkaks.problems`)."""

    _value_: str
    damage: bool
    warns: bool
    repairable: bool
    between_files: bool
    kafka_summary: bool

    def __new__(cls, value: str, *traits: _Trait) -> ProblemKind:
        member = str.__new__(cls, value)
        member._value_ = value
        member.damage = _Trait.DAMAGE in traits
        member.warns = _Trait.WARNS in traits
        member.repairable = _Trait.REPAIRABLE in traits
        member.between_files = _Trait.BETWEEN_FILES in traits
        member.kafka_summary = _Trait.KAFKA_SUMMARY in traits
        return member

    CRC_MISMATCH = "crc_mismatch", _Trait.DAMAGE, _Trait.REPAIRABLE
    CORRUPT_BATCH = "corrupt_batch", _Trait.DAMAGE, _Trait.REPAIRABLE
    UNREADABLE = "unreadable", _Trait.DAMAGE, _Trait.REPAIRABLE
    CORRUPT_RECORDS = "corrupt_records", _Trait.DAMAGE
    RECORD_CRC_MISMATCH = "record_crc_mismatch", _Trait.DAMAGE
    TRUNCATED = "truncated", _Trait.DAMAGE, _Trait.WARNS, _Trait.REPAIRABLE
    OFFSET_ORDER = "offset_order", _Trait.DAMAGE
    INDEX_NO_BATCH = "index_no_batch", _Trait.DAMAGE
    INDEX_MISMATCH = "index_mismatch", _Trait.DAMAGE, _Trait.KAFKA_SUMMARY
    INDEX_ORDER = "index_order", _Trait.DAMAGE
    INDEX_SANITY = "index_sanity", _Trait.DAMAGE
    TIME_INDEX_NOT_FOUND = "time_index_not_found", _Trait.DAMAGE, _Trait.KAFKA_SUMMARY
    TIME_INDEX_MISMATCH = "time_index_mismatch", _Trait.DAMAGE, _Trait.KAFKA_SUMMARY
    TIME_INDEX_OUT_OF_ORDER = "time_index_out_of_order", _Trait.DAMAGE, _Trait.KAFKA_SUMMARY
    TIME_INDEX_SANITY = "time_index_sanity", _Trait.DAMAGE
    SNAPSHOT_CRC_MISMATCH = "snapshot_crc_mismatch", _Trait.DAMAGE
    TXN_INDEX_VERSION = "txn_index_version", _Trait.DAMAGE
    UNREADABLE_FILE = "unreadable_file", _Trait.DAMAGE
    REPLICA_DIVERGENCE = "replica_divergence", _Trait.DAMAGE, _Trait.WARNS, _Trait.BETWEEN_FILES
    TIER_GAP = "tier_gap", _Trait.DAMAGE, _Trait.WARNS, _Trait.BETWEEN_FILES
    ZERO_TAIL = "zero_tail", _Trait.INFORMATION, _Trait.WARNS
    OPEN_TRANSACTION = "open_transaction", _Trait.INFORMATION, _Trait.WARNS
    INDEX_MULTI_BATCH_APPEND = "index_multi_batch_append", _Trait.INFORMATION
    TIME_INDEX_RECORD_OFFSET = "time_index_record_offset", _Trait.INFORMATION
    INDEX_CLEANED_OFFSET = "index_cleaned_offset", _Trait.INFORMATION
    TIME_INDEX_CLEANED_OFFSET = "time_index_cleaned_offset", _Trait.INFORMATION
    TIME_INDEX_REPEATED_TIMESTAMP = "time_index_repeated_timestamp", _Trait.INFORMATION
    MISSING_LOG = "missing_log", _Trait.INFORMATION
    REPLICA_GAP = "replica_gap", _Trait.INFORMATION, _Trait.WARNS, _Trait.BETWEEN_FILES
    REPLICA_REPAIRED = "replica_repaired", _Trait.INFORMATION, _Trait.WARNS, _Trait.BETWEEN_FILES
    SEGMENT_OVERLAP = "segment_overlap", _Trait.INFORMATION, _Trait.WARNS, _Trait.BETWEEN_FILES
    UNDECODABLE_INTERNAL_RECORD = "undecodable_internal_record", _Trait.INFORMATION
