# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import kafka_varint
from . import kafka_protocol_types
from . import kafka_unsigned_varint
from . import kafka_record_header
from enum import IntEnum


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaControlRecord(KaitaiStruct):
    """A record of a control batch (a v2 batch with attribute bit 5 set). Control records are written
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
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/record/ControlRecordType.java
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/record/EndTransactionMarker.java
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/record/ControlRecordUtils.java
    
    
    .. seealso::
       LeaderChangeMessage.json, SnapshotHeaderRecord.json, SnapshotFooterRecord.json, KRaftVersionRecord.json, VotersRecord.json - https://github.com/apache/kafka/tree/3.9.0/clients/src/main/resources/common/message
    
    
    .. seealso::
       KIP-482, the flexible encoding - https://cwiki.apache.org/confluence/display/KAFKA/KIP-482%3A+The+Kafka+Protocol+should+Support+Optional+Tagged+Fields
    """

    class ControlType(IntEnum):
        abort = 0
        commit = 1
        leader_change = 2
        snapshot_header = 3
        snapshot_footer = 4
        kraft_version = 5
        kraft_voters = 6
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaControlRecord, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.len_record = kafka_varint.KafkaVarint(self._io)
        self.attributes = self._io.read_s1()
        self.timestamp_delta = kafka_varint.KafkaVarint(self._io)
        self.offset_delta = kafka_varint.KafkaVarint(self._io)
        self.len_key = kafka_varint.KafkaVarint(self._io)
        self._raw_key = self._io.read_bytes(self.len_key.value)
        _io__raw_key = KaitaiStream(BytesIO(self._raw_key))
        self.key = KafkaControlRecord.ControlKey(_io__raw_key, self, self._root)
        self.len_value = kafka_varint.KafkaVarint(self._io)
        if self.len_value.value >= 0:
            pass
            _on = self.key.type
            if _on == KafkaControlRecord.ControlType.abort:
                pass
                self._raw_value = self._io.read_bytes(self.len_value.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = KafkaControlRecord.EndTxnMarker(_io__raw_value, self, self._root)
            elif _on == KafkaControlRecord.ControlType.commit:
                pass
                self._raw_value = self._io.read_bytes(self.len_value.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = KafkaControlRecord.EndTxnMarker(_io__raw_value, self, self._root)
            elif _on == KafkaControlRecord.ControlType.kraft_version:
                pass
                self._raw_value = self._io.read_bytes(self.len_value.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = KafkaControlRecord.KraftVersionRecord(_io__raw_value, self, self._root)
            elif _on == KafkaControlRecord.ControlType.kraft_voters:
                pass
                self._raw_value = self._io.read_bytes(self.len_value.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = KafkaControlRecord.VotersRecord(_io__raw_value, self, self._root)
            elif _on == KafkaControlRecord.ControlType.leader_change:
                pass
                self._raw_value = self._io.read_bytes(self.len_value.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = KafkaControlRecord.LeaderChangeMessage(_io__raw_value, self, self._root)
            elif _on == KafkaControlRecord.ControlType.snapshot_footer:
                pass
                self._raw_value = self._io.read_bytes(self.len_value.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = KafkaControlRecord.SnapshotFooterRecord(_io__raw_value, self, self._root)
            elif _on == KafkaControlRecord.ControlType.snapshot_header:
                pass
                self._raw_value = self._io.read_bytes(self.len_value.value)
                _io__raw_value = KaitaiStream(BytesIO(self._raw_value))
                self.value = KafkaControlRecord.SnapshotHeaderRecord(_io__raw_value, self, self._root)
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
        self.key._fetch_instances()
        self.len_value._fetch_instances()
        if self.len_value.value >= 0:
            pass
            _on = self.key.type
            if _on == KafkaControlRecord.ControlType.abort:
                pass
                self.value._fetch_instances()
            elif _on == KafkaControlRecord.ControlType.commit:
                pass
                self.value._fetch_instances()
            elif _on == KafkaControlRecord.ControlType.kraft_version:
                pass
                self.value._fetch_instances()
            elif _on == KafkaControlRecord.ControlType.kraft_voters:
                pass
                self.value._fetch_instances()
            elif _on == KafkaControlRecord.ControlType.leader_change:
                pass
                self.value._fetch_instances()
            elif _on == KafkaControlRecord.ControlType.snapshot_footer:
                pass
                self.value._fetch_instances()
            elif _on == KafkaControlRecord.ControlType.snapshot_header:
                pass
                self.value._fetch_instances()
            else:
                pass

        self.num_headers._fetch_instances()
        for i in range(len(self.headers)):
            pass
            self.headers[i]._fetch_instances()


    class ControlKey(KaitaiStruct):
        """The key of every control record: its version and the control type (0 ABORT, 1 COMMIT, 2
        LEADER_CHANGE, 3 SNAPSHOT_HEADER, 4 SNAPSHOT_FOOTER, 5 KRAFT_VERSION, 6 KRAFT_VOTERS).
        """
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaControlRecord.ControlKey, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.version = self._io.read_s2be()
            self.type = KaitaiStream.resolve_enum(KafkaControlRecord.ControlType, self._io.read_s2be())


        def _fetch_instances(self):
            pass


    class EndTxnMarker(KaitaiStruct):
        """The value of ABORT and COMMIT markers (at least 6 bytes)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaControlRecord.EndTxnMarker, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.version = self._io.read_s2be()
            self.coordinator_epoch = self._io.read_s4be()


        def _fetch_instances(self):
            pass


    class KraftVersionRecord(KaitaiStruct):
        """The finalized kraft.version of the quorum (KIP-853)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaControlRecord.KraftVersionRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.version = self._io.read_s2be()
            self.kraft_version = self._io.read_s2be()
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class LeaderChangeMessage(KaitaiStruct):
        """Written by a new KRaft leader (KIP-595): the leader and the voters that elected it."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaControlRecord.LeaderChangeMessage, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.version = self._io.read_s2be()
            self.leader_id = self._io.read_s4be()
            self.len_voters = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.voters = []
            for i in range(self.len_voters.value - 1):
                self.voters.append(KafkaControlRecord.LeaderChangeMessage.LeaderChangeVoter(self._io, self, self._root))

            self.len_granting_voters = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.granting_voters = []
            for i in range(self.len_granting_voters.value - 1):
                self.granting_voters.append(KafkaControlRecord.LeaderChangeMessage.LeaderChangeVoter(self._io, self, self._root))

            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.len_voters._fetch_instances()
            for i in range(len(self.voters)):
                pass
                self.voters[i]._fetch_instances()

            self.len_granting_voters._fetch_instances()
            for i in range(len(self.granting_voters)):
                pass
                self.granting_voters[i]._fetch_instances()

            self.tagged_fields._fetch_instances()

        class LeaderChangeVoter(KaitaiStruct):
            """A voter by id."""
            def __init__(self, _io, _parent=None, _root=None):
                super(KafkaControlRecord.LeaderChangeMessage.LeaderChangeVoter, self).__init__(_io)
                self._parent = _parent
                self._root = _root
                self._read()

            def _read(self):
                self.voter_id = self._io.read_s4be()
                self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


            def _fetch_instances(self):
                pass
                self.tagged_fields._fetch_instances()



    class SnapshotFooterRecord(KaitaiStruct):
        """The last record of a KRaft snapshot (KIP-630)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaControlRecord.SnapshotFooterRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.version = self._io.read_s2be()
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class SnapshotHeaderRecord(KaitaiStruct):
        """The first record of a KRaft snapshot (KIP-630)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaControlRecord.SnapshotHeaderRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.version = self._io.read_s2be()
            self.last_contained_log_timestamp = self._io.read_s8be()
            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.tagged_fields._fetch_instances()


    class VotersRecord(KaitaiStruct):
        """The set of voters of the quorum (KIP-853)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaControlRecord.VotersRecord, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.version = self._io.read_s2be()
            self.len_voters = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.voters = []
            for i in range(self.len_voters.value - 1):
                self.voters.append(KafkaControlRecord.VotersRecord.VotersRecordVoter(self._io, self, self._root))

            self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


        def _fetch_instances(self):
            pass
            self.len_voters._fetch_instances()
            for i in range(len(self.voters)):
                pass
                self.voters[i]._fetch_instances()

            self.tagged_fields._fetch_instances()

        class KraftVersionFeature(KaitaiStruct):
            """The kraft.version range a voter supports."""
            def __init__(self, _io, _parent=None, _root=None):
                super(KafkaControlRecord.VotersRecord.KraftVersionFeature, self).__init__(_io)
                self._parent = _parent
                self._root = _root
                self._read()

            def _read(self):
                self.min_supported_version = self._io.read_s2be()
                self.max_supported_version = self._io.read_s2be()
                self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


            def _fetch_instances(self):
                pass
                self.tagged_fields._fetch_instances()


        class VoterEndpoint(KaitaiStruct):
            """A listener of a voter."""
            def __init__(self, _io, _parent=None, _root=None):
                super(KafkaControlRecord.VotersRecord.VoterEndpoint, self).__init__(_io)
                self._parent = _parent
                self._root = _root
                self._read()

            def _read(self):
                self.name = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
                self.host = kafka_protocol_types.KafkaProtocolTypes.String(True, self._io)
                self.port = self._io.read_u2be()
                self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


            def _fetch_instances(self):
                pass
                self.name._fetch_instances()
                self.host._fetch_instances()
                self.tagged_fields._fetch_instances()


        class VotersRecordVoter(KaitaiStruct):
            """A voter: its id, its metadata log directory id and its listeners."""
            def __init__(self, _io, _parent=None, _root=None):
                super(KafkaControlRecord.VotersRecord.VotersRecordVoter, self).__init__(_io)
                self._parent = _parent
                self._root = _root
                self._read()

            def _read(self):
                self.voter_id = self._io.read_s4be()
                self.voter_directory_id = self._io.read_bytes(16)
                self.len_endpoints = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
                self.endpoints = []
                for i in range(self.len_endpoints.value - 1):
                    self.endpoints.append(KafkaControlRecord.VotersRecord.VoterEndpoint(self._io, self, self._root))

                self.kraft_version_feature = KafkaControlRecord.VotersRecord.KraftVersionFeature(self._io, self, self._root)
                self.tagged_fields = kafka_protocol_types.KafkaProtocolTypes.TaggedFields(self._io)


            def _fetch_instances(self):
                pass
                self.len_endpoints._fetch_instances()
                for i in range(len(self.endpoints)):
                    pass
                    self.endpoints[i]._fetch_instances()

                self.kraft_version_feature._fetch_instances()
                self.tagged_fields._fetch_instances()




