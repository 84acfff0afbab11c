# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import kafka_group_coordinator_records
from . import kafka_remote_log_metadata_record
from . import kafka_varint
from . import kafka_offset_commit_value
from . import kafka_log
from . import kafka_group_metadata_value
from . import kafka_share_coordinator_records
from . import kafka_record_header
from . import kafka_metadata_record
from . import kafka_consumer_offsets_key
from . import kafka_transaction_log_key
from . import kafka_transaction_log_value
from enum import IntEnum
from . import kafka_record_batch


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaInternalRecords(KaitaiStruct):
    """The records of an uncompressed v2 batch of an internal topic, with their keys and values parsed
    by the specs of that topic: `__consumer_offsets` (group coordinator; the records of consumer,
    share and streams groups of Kafka 4.x too), `__transaction_state` (transaction coordinator),
    `__cluster_metadata` (KRaft controller; its snapshots, the `.checkpoint` files, too),
    `__share_group_state` (share coordinator) and `__remote_log_metadata` (tiered storage). The layout is `kafka_record`'s; only the key and value get a type,
    chosen by `topic` (and, in `__consumer_offsets`, by the key's record type). Like
    `kafka_protocol_types`, this file is a collection of types: the top-level type reads nothing.
    The top-level specs `kafka_consumer_offsets_log`, `kafka_transaction_state_log`,
    `kafka_cluster_metadata_log`, `kafka_share_group_state_log` and `kafka_remote_log_metadata_log`
    use it for a whole segment.
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/record/DefaultRecord.java
    """

    class InternalTopic(IntEnum):
        consumer_offsets = 1
        transaction_state = 2
        cluster_metadata = 3
        share_group_state = 4
        remote_log_metadata = 5
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaInternalRecords, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        pass


    def _fetch_instances(self):
        pass

    class InternalLogEntry(KaitaiStruct):
        """One `kafka_log` entry of an internal topic's segment, and the decoded records of its batch
        when the batch is an uncompressed, non-control v2 batch (the records are the bytes of
        `entry.body.records`, read again: the hex view keeps showing the first reading).
        """
        def __init__(self, topic, _io, _parent=None, _root=None):
            super(KafkaInternalRecords.InternalLogEntry, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.topic = topic
            self._read()

        def _read(self):
            self.entry = kafka_log.KafkaLog.LogEntry(self._io.pos(), self._io)


        def _fetch_instances(self):
            pass
            self.entry._fetch_instances()
            _ = self.records
            if hasattr(self, '_m_records'):
                pass
                self._m_records._fetch_instances()


        @property
        def records(self):
            if hasattr(self, '_m_records'):
                return self._m_records

            if  ((self.entry.is_complete) and (self.entry.magic == 2) and (self.entry.body.compression == kafka_record_batch.KafkaRecordBatch.CompressionType.none) and ((not (self.entry.body.is_control)))) :
                pass
                io = self.entry.body._io
                _pos = io.pos()
                io.seek(61)
                self._m_records = KafkaInternalRecords.InternalRecords(self.topic, io, self, self._root)
                io.seek(_pos)

            return getattr(self, '_m_records', None)


    class InternalRecord(KaitaiStruct):
        """A record as `kafka_record` reads it, its key and value parsed as the topic's records. A
        null value is a tombstone: the group, offset or transaction was deleted.
        """
        def __init__(self, topic, _io, _parent=None, _root=None):
            super(KafkaInternalRecords.InternalRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.topic = topic
            self._read()

        def _read(self):
            self.len_record = kafka_varint.KafkaVarint(self._io)
            self.attributes = self._io.read_s1()
            self.timestamp_delta = kafka_varint.KafkaVarint(self._io)
            self.offset_delta = kafka_varint.KafkaVarint(self._io)
            self.len_key = kafka_varint.KafkaVarint(self._io)
            if self.len_key.value >= 0:
                pass
                _on = self.topic
                if _on == KafkaInternalRecords.InternalTopic.consumer_offsets:
                    pass
                    self._raw_key = self._io.read_bytes(self.len_key.value)
                    _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
                    self.key = kafka_consumer_offsets_key.KafkaConsumerOffsetsKey(_io__raw_key)
                elif _on == KafkaInternalRecords.InternalTopic.share_group_state:
                    pass
                    self._raw_key = self._io.read_bytes(self.len_key.value)
                    _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
                    self.key = kafka_share_coordinator_records.KafkaShareCoordinatorRecords(_io__raw_key)
                elif _on == KafkaInternalRecords.InternalTopic.transaction_state:
                    pass
                    self._raw_key = self._io.read_bytes(self.len_key.value)
                    _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
                    self.key = kafka_transaction_log_key.KafkaTransactionLogKey(_io__raw_key)
                else:
                    pass
                    self.key = self._io.read_bytes(self.len_key.value)

            self.len_value = kafka_varint.KafkaVarint(self._io)
            if self.len_value.value >= 0:
                pass
                _on = self.value_kind
                if _on == 1:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_offset_commit_value.KafkaOffsetCommitValue(_io__raw_value)
                elif _on == 103:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ConsumerGroupMetadataValue(_io__raw_value)
                elif _on == 104:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ConsumerGroupPartitionMetadataValue(_io__raw_value)
                elif _on == 105:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ConsumerGroupMemberMetadataValue(_io__raw_value)
                elif _on == 106:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ConsumerGroupTargetAssignmentMetadataValue(_io__raw_value)
                elif _on == 107:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ConsumerGroupTargetAssignmentMemberValue(_io__raw_value)
                elif _on == 108:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ConsumerGroupCurrentMemberAssignmentValue(_io__raw_value)
                elif _on == 110:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ShareGroupMemberMetadataValue(_io__raw_value)
                elif _on == 111:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ShareGroupMetadataValue(_io__raw_value)
                elif _on == 112:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ShareGroupTargetAssignmentMetadataValue(_io__raw_value)
                elif _on == 113:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ShareGroupTargetAssignmentMemberValue(_io__raw_value)
                elif _on == 114:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ShareGroupCurrentMemberAssignmentValue(_io__raw_value)
                elif _on == 115:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ShareGroupStatePartitionMetadataValue(_io__raw_value)
                elif _on == 116:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.ConsumerGroupRegularExpressionValue(_io__raw_value)
                elif _on == 117:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.StreamsGroupMetadataValue(_io__raw_value)
                elif _on == 119:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.StreamsGroupMemberMetadataValue(_io__raw_value)
                elif _on == 120:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.StreamsGroupTargetAssignmentMetadataValue(_io__raw_value)
                elif _on == 121:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.StreamsGroupTargetAssignmentMemberValue(_io__raw_value)
                elif _on == 122:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.StreamsGroupCurrentMemberAssignmentValue(_io__raw_value)
                elif _on == 123:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_group_coordinator_records.KafkaGroupCoordinatorRecords.StreamsGroupTopologyValue(_io__raw_value)
                elif _on == 2:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_group_metadata_value.KafkaGroupMetadataValue(_io__raw_value)
                elif _on == 200:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_share_coordinator_records.KafkaShareCoordinatorRecords.ShareSnapshotValue(_io__raw_value)
                elif _on == 201:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_share_coordinator_records.KafkaShareCoordinatorRecords.ShareUpdateValue(_io__raw_value)
                elif _on == 3:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_transaction_log_value.KafkaTransactionLogValue(_io__raw_value)
                elif _on == 4:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_metadata_record.KafkaMetadataRecord(_io__raw_value)
                elif _on == 5:
                    pass
                    self._raw_value = self._io.read_bytes(self.len_value.value)
                    _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                    self.value = kafka_remote_log_metadata_record.KafkaRemoteLogMetadataRecord(_io__raw_value)
                else:
                    pass
                    self.value = self._io.read_bytes(self.len_value.value)

            self.num_headers = kafka_varint.KafkaVarint(self._io)
            self.headers = []
            for i in range(self.num_headers.value):
                self.headers.append(kafka_record_header.KafkaRecordHeader(self._io))



        def _fetch_instances(self):
            pass
            self.len_record._fetch_instances()
            self.timestamp_delta._fetch_instances()
            self.offset_delta._fetch_instances()
            self.len_key._fetch_instances()
            if self.len_key.value >= 0:
                pass
                _on = self.topic
                if _on == KafkaInternalRecords.InternalTopic.consumer_offsets:
                    pass
                    self.key._fetch_instances()
                elif _on == KafkaInternalRecords.InternalTopic.share_group_state:
                    pass
                    self.key._fetch_instances()
                elif _on == KafkaInternalRecords.InternalTopic.transaction_state:
                    pass
                    self.key._fetch_instances()
                else:
                    pass

            self.len_value._fetch_instances()
            if self.len_value.value >= 0:
                pass
                _on = self.value_kind
                if _on == 1:
                    pass
                    self.value._fetch_instances()
                elif _on == 103:
                    pass
                    self.value._fetch_instances()
                elif _on == 104:
                    pass
                    self.value._fetch_instances()
                elif _on == 105:
                    pass
                    self.value._fetch_instances()
                elif _on == 106:
                    pass
                    self.value._fetch_instances()
                elif _on == 107:
                    pass
                    self.value._fetch_instances()
                elif _on == 108:
                    pass
                    self.value._fetch_instances()
                elif _on == 110:
                    pass
                    self.value._fetch_instances()
                elif _on == 111:
                    pass
                    self.value._fetch_instances()
                elif _on == 112:
                    pass
                    self.value._fetch_instances()
                elif _on == 113:
                    pass
                    self.value._fetch_instances()
                elif _on == 114:
                    pass
                    self.value._fetch_instances()
                elif _on == 115:
                    pass
                    self.value._fetch_instances()
                elif _on == 116:
                    pass
                    self.value._fetch_instances()
                elif _on == 117:
                    pass
                    self.value._fetch_instances()
                elif _on == 119:
                    pass
                    self.value._fetch_instances()
                elif _on == 120:
                    pass
                    self.value._fetch_instances()
                elif _on == 121:
                    pass
                    self.value._fetch_instances()
                elif _on == 122:
                    pass
                    self.value._fetch_instances()
                elif _on == 123:
                    pass
                    self.value._fetch_instances()
                elif _on == 2:
                    pass
                    self.value._fetch_instances()
                elif _on == 200:
                    pass
                    self.value._fetch_instances()
                elif _on == 201:
                    pass
                    self.value._fetch_instances()
                elif _on == 3:
                    pass
                    self.value._fetch_instances()
                elif _on == 4:
                    pass
                    self.value._fetch_instances()
                elif _on == 5:
                    pass
                    self.value._fetch_instances()
                else:
                    pass

            self.num_headers._fetch_instances()
            for i in range(len(self.headers)):
                pass
                self.headers[i]._fetch_instances()


        @property
        def value_kind(self):
            """Which spec reads the value: in `__consumer_offsets` the key's record type tells (0 and 1
            an offset commit, 2 group metadata, 100 + the type for the records of consumer, share
            and streams groups), in `__share_group_state` 200 + the type; 0 when it cannot.
            """
            if hasattr(self, '_m_value_kind'):
                return self._m_value_kind

            self._m_value_kind = (3 if self.topic == KafkaInternalRecords.InternalTopic.transaction_state else (4 if self.topic == KafkaInternalRecords.InternalTopic.cluster_metadata else (5 if self.topic == KafkaInternalRecords.InternalTopic.remote_log_metadata else (0 if self.len_key.value < 2 else (200 + int(self.key.record_type) if self.topic == KafkaInternalRecords.InternalTopic.share_group_state else (1 if int(self.key.record_type) < 2 else (2 if int(self.key.record_type) == 2 else 100 + int(self.key.record_type))))))))
            return getattr(self, '_m_value_kind', None)


    class InternalRecords(KaitaiStruct):
        """The records of one batch, from the end of its 61-byte header to the end of the batch."""
        def __init__(self, topic, _io, _parent=None, _root=None):
            super(KafkaInternalRecords.InternalRecords, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.topic = topic
            self._read()

        def _read(self):
            self.records = []
            i = 0
            while not self._io.is_eof():
                self.records.append(KafkaInternalRecords.InternalRecord(self.topic, self._io, self, self._root))
                i += 1



        def _fetch_instances(self):
            pass
            for i in range(len(self.records)):
                pass
                self.records[i]._fetch_instances()




