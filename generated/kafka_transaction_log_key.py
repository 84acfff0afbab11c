# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import kafka_protocol_types


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaTransactionLogKey(KaitaiStruct):
    """The key of a record of `__transaction_state`, the compacted internal topic where the
    transaction coordinator (a broker) persists the state of every transactional producer (KIP-98):
    one record per state change of a `transactional.id`, the last one per key being the current
    state. A transactional id lives in partition `abs(transactionalId.hashCode) %
    transaction.state.log.num.partitions`. A null value (tombstone) is written when the id expires.
    
    An int16 version (only 0 exists), then the transactional id as a classic string. The value is
    `kafka_transaction_log_value`. The body of an unknown version stays raw bytes; kafka-dump-log
    prints such a key as `unknown::version=N`.
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/transaction-coordinator/src/main/resources/common/message/TransactionLogKey.json
    
    
    .. seealso::
       readTxnRecordKey - https://github.com/apache/kafka/blob/3.9.0/core/src/main/scala/kafka/coordinator/transaction/TransactionLog.scala
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaTransactionLogKey, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.version = self._io.read_s2be()
        _on = self.version
        if _on == 0:
            pass
            self._raw_key = self._io.read_bytes_full()
            _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
            self.key = KafkaTransactionLogKey.TransactionLogKey(_io__raw_key, self, self._root)
        else:
            pass
            self.key = self._io.read_bytes_full()


    def _fetch_instances(self):
        pass
        _on = self.version
        if _on == 0:
            pass
            self.key._fetch_instances()
        else:
            pass

    class TransactionLogKey(KaitaiStruct):
        """The transactional id."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaTransactionLogKey.TransactionLogKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.transactional_id = kafka_protocol_types.KafkaProtocolTypes.String(False, self._io)


        def _fetch_instances(self):
            pass
            self.transactional_id._fetch_instances()



