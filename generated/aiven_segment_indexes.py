# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import kafka_producer_snapshot
from . import kafka_txn_index
from . import kafka_offset_index
from . import kafka_time_index


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class AivenSegmentIndexes(KaitaiStruct):
    """The `.indexes` object that Aiven's tiered-storage-for-apache-kafka uploads beside a remote
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
    
    .. seealso::
       Source - https://github.com/Aiven-Open/tiered-storage-for-apache-kafka/blob/8fb15816df2d0b3f880b76e5ac0a14b64dd790d9/core/src/main/java/io/aiven/kafka/tieredstorage/KafkaRemoteStorageManager.java
    
    
    .. seealso::
       Source - https://github.com/Aiven-Open/tiered-storage-for-apache-kafka/blob/8fb15816df2d0b3f880b76e5ac0a14b64dd790d9/core/src/main/java/io/aiven/kafka/tieredstorage/manifest/SegmentIndexesV1.java
    """
    def __init__(self, len_offset, len_timestamp, len_producer_snapshot, len_leader_epoch, len_transaction, _io, _parent=None, _root=None):
        super(AivenSegmentIndexes, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self.len_offset = len_offset
        self.len_timestamp = len_timestamp
        self.len_producer_snapshot = len_producer_snapshot
        self.len_leader_epoch = len_leader_epoch
        self.len_transaction = len_transaction
        self._read()

    def _read(self):
        self._raw_offset_index = self._io.read_bytes(self.len_offset)
        _io__raw_offset_index = KaitaiStream(BytesIO(self._raw_offset_index))
        self.offset_index = kafka_offset_index.KafkaOffsetIndex(_io__raw_offset_index)
        self._raw_time_index = self._io.read_bytes(self.len_timestamp)
        _io__raw_time_index = KaitaiStream(BytesIO(self._raw_time_index))
        self.time_index = kafka_time_index.KafkaTimeIndex(_io__raw_time_index)
        if self.len_producer_snapshot > 0:
            pass
            self._raw_producer_snapshot = self._io.read_bytes(self.len_producer_snapshot)
            _io__raw_producer_snapshot = KaitaiStream(BytesIO(self._raw_producer_snapshot))
            self.producer_snapshot = kafka_producer_snapshot.KafkaProducerSnapshot(_io__raw_producer_snapshot)

        self.leader_epoch_checkpoint = (self._io.read_bytes(self.len_leader_epoch)).decode(u"ASCII")
        if self.len_transaction > 0:
            pass
            self._raw_transaction_index = self._io.read_bytes(self.len_transaction)
            _io__raw_transaction_index = KaitaiStream(BytesIO(self._raw_transaction_index))
            self.transaction_index = kafka_txn_index.KafkaTxnIndex(_io__raw_transaction_index)



    def _fetch_instances(self):
        pass
        self.offset_index._fetch_instances()
        self.time_index._fetch_instances()
        if self.len_producer_snapshot > 0:
            pass
            self.producer_snapshot._fetch_instances()

        if self.len_transaction > 0:
            pass
            self.transaction_index._fetch_instances()



