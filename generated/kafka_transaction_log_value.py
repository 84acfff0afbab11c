# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import kafka_protocol_types
from . import kafka_unsigned_varint
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaTransactionLogValue(KaitaiStruct):
    """The value of a `__transaction_state` record (key: `kafka_transaction_log_key`): the state of one
    transactional id as its transaction coordinator last wrote it: producer id and epoch, the
    transaction timeout, the state (Ongoing, PrepareCommit, CompleteCommit, ...), the partitions of
    the open transaction grouped by topic, and when the transaction started and was last updated.
    
    An int16 version first: 0 is classic; 1 is the first flexible version (KIP-915: compact
    strings and arrays, tagged-field sections), written only once the `transaction.version` feature
    is 1 or more (KIP-890). The partition list is null (-1) in the Empty state.
    
    Transaction protocol v2 (KIP-890, `transaction.version` 2, Kafka 4.0+) adds tagged fields to
    version 1: the producer id of the last committed transaction, the next producer id and epoch
    the coordinator handed out (the epoch is bumped on every transaction; when it would overflow,
    a new producer id takes over), and the transaction version the client uses. They are decoded
    with `transaction_log_tags` (named in `-tagged-fields`, with their defaults: Kafka writes a
    tag only when it differs); unknown tags stay raw. The body of an unknown version stays raw
    bytes, so a reader can report it rather than fail.
    
    .. seealso::
       the tagged fields of version 1 (4.0+) - https://github.com/apache/kafka/blob/4.3.1/transaction-coordinator/src/main/resources/common/message/TransactionLogValue.json
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/transaction-coordinator/src/main/resources/common/message/TransactionLogValue.json
    
    
    .. seealso::
       valueToBytes, readTxnRecordValue - https://github.com/apache/kafka/blob/3.9.0/core/src/main/scala/kafka/coordinator/transaction/TransactionLog.scala
    
    
    .. seealso::
       TransactionState ids - https://github.com/apache/kafka/blob/3.9.0/core/src/main/scala/kafka/coordinator/transaction/TransactionMetadata.scala
    """

    class TransactionState(IntEnum):
        empty = 0
        ongoing = 1
        prepare_commit = 2
        prepare_abort = 3
        complete_commit = 4
        complete_abort = 5
        dead = 6
        prepare_epoch_fence = 7
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaTransactionLogValue, self).__init__(_io)
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
            self.data = KafkaTransactionLogValue.TransactionLogBody(False, _io__raw_data, self, self._root)
        elif _on == 1:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaTransactionLogValue.TransactionLogBody(True, _io__raw_data, self, self._root)
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
        else:
            pass

    class PartitionsSchema(KaitaiStruct):
        """A topic and the partitions of it in the transaction."""
        def __init__(self, flexible, _io, _parent=None, _root=None):
            super(KafkaTransactionLogValue.PartitionsSchema, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.flexible = flexible
            self._read()

        def _read(self):
            self.topic = kafka_protocol_types.KafkaProtocolTypes.String(self.flexible, self._io)
            self.partition_ids = kafka_protocol_types.KafkaProtocolTypes.Int32Array(self.flexible, self._io)
            if self.flexible:
                pass
                self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)



        def _fetch_instances(self):
            pass
            self.topic._fetch_instances()
            self.partition_ids._fetch_instances()
            if self.flexible:
                pass
                self.tagged_fields._fetch_instances()



    class TransactionLogBody(KaitaiStruct):
        """A transaction's state as the coordinator last wrote it."""
        def __init__(self, flexible, _io, _parent=None, _root=None):
            super(KafkaTransactionLogValue.TransactionLogBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.flexible = flexible
            self._read()

        def _read(self):
            self.producer_id = self._io.read_s8be()
            self.producer_epoch = self._io.read_s2be()
            self.transaction_timeout_ms = self._io.read_s4be()
            self.transaction_status = KaitaiStream.resolve_enum(KafkaTransactionLogValue.TransactionState, self._io.read_s1())
            self.len_transaction_partitions = kafka_protocol_types.KafkaProtocolTypes.ArrayLength(self.flexible, self._io)
            self.transaction_partitions = []
            for i in range((0 if self.len_transaction_partitions.num_items < 0 else self.len_transaction_partitions.num_items)):
                self.transaction_partitions.append(KafkaTransactionLogValue.PartitionsSchema(self.flexible, self._io, self, self._root))

            self.transaction_last_update_timestamp_ms = self._io.read_s8be()
            self.transaction_start_timestamp_ms = self._io.read_s8be()
            if self.flexible:
                pass
                self.tagged_fields = KafkaTransactionLogValue.TransactionLogTags(self._io, self, self._root)



        def _fetch_instances(self):
            pass
            self.len_transaction_partitions._fetch_instances()
            for i in range(len(self.transaction_partitions)):
                pass
                self.transaction_partitions[i]._fetch_instances()

            if self.flexible:
                pass
                self.tagged_fields._fetch_instances()



    class TransactionLogTag(KaitaiStruct):
        """One tagged field; tags 0 and 1 are int64 producer ids, 2 and 3 int16."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaTransactionLogValue.TransactionLogTag, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.tag = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.len_data = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            _on = self.tag.value
            if _on == 0:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = KafkaTransactionLogValue.TransactionLogTagS8(_io__raw_data, self, self._root)
            elif _on == 1:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = KafkaTransactionLogValue.TransactionLogTagS8(_io__raw_data, self, self._root)
            elif _on == 2:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = KafkaTransactionLogValue.TransactionLogTagS2(_io__raw_data, self, self._root)
            elif _on == 3:
                pass
                self._raw_data = self._io.read_bytes(self.len_data.value)
                _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
                self.data = KafkaTransactionLogValue.TransactionLogTagS2(_io__raw_data, self, self._root)
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
            elif _on == 2:
                pass
                self.data._fetch_instances()
            elif _on == 3:
                pass
                self.data._fetch_instances()
            else:
                pass


    class TransactionLogTagS2(KaitaiStruct):
        """An int16 tagged field."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaTransactionLogValue.TransactionLogTagS2, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.value = self._io.read_s2be()


        def _fetch_instances(self):
            pass


    class TransactionLogTagS8(KaitaiStruct):
        """An int64 tagged field."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaTransactionLogValue.TransactionLogTagS8, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.value = self._io.read_s8be()


        def _fetch_instances(self):
            pass


    class TransactionLogTags(KaitaiStruct):
        """The tagged-field section of a version 1 value, with the tags of KIP-890 decoded."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaTransactionLogValue.TransactionLogTags, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.num_fields = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.fields = []
            for i in range(self.num_fields.value):
                self.fields.append(KafkaTransactionLogValue.TransactionLogTag(self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.num_fields._fetch_instances()
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()




