# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import kafka_protocol_types
from . import kafka_unsigned_varint


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaOffsetCommitValue(KaitaiStruct):
    """The value of a `__consumer_offsets` record whose key is an offset commit (key record type 0 or
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
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/group-coordinator/src/main/resources/common/message/OffsetCommitValue.json
    
    
    .. seealso::
       offsetCommitValueVersion - https://github.com/apache/kafka/blob/3.9.0/server-common/src/main/java/org/apache/kafka/server/common/MetadataVersion.java
    
    
    .. seealso::
       topicId (tag 0, version 4+) - https://github.com/apache/kafka/blob/4.3.1/group-coordinator/src/main/resources/common/message/OffsetCommitValue.json
    
    
    .. seealso::
       KIP-915 - https://cwiki.apache.org/confluence/display/KAFKA/KIP-915%3A+Txn+and+Group+Coordinator+Downgrade+Foundation
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaOffsetCommitValue, self).__init__(_io)
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
            self.data = KafkaOffsetCommitValue.OffsetCommitBody(0, _io__raw_data, self, self._root)
        elif _on == 1:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaOffsetCommitValue.OffsetCommitBody(1, _io__raw_data, self, self._root)
        elif _on == 2:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaOffsetCommitValue.OffsetCommitBody(2, _io__raw_data, self, self._root)
        elif _on == 3:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaOffsetCommitValue.OffsetCommitBody(3, _io__raw_data, self, self._root)
        elif _on == 4:
            pass
            self._raw_data = self._io.read_bytes_full()
            _io__raw_data = KaitaiStream(BytesIO(self._raw_data))
            self.data = KafkaOffsetCommitValue.OffsetCommitBody(4, _io__raw_data, self, self._root)
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
        elif _on == 2:
            pass
            self.data._fetch_instances()
        elif _on == 3:
            pass
            self.data._fetch_instances()
        elif _on == 4:
            pass
            self.data._fetch_instances()
        else:
            pass

    class OffsetCommitBody(KaitaiStruct):
        """The committed offset with its leader epoch (v3+), metadata and timestamps (expire timestamp
        only in v1).
        """
        def __init__(self, version, _io, _parent=None, _root=None):
            super(KafkaOffsetCommitValue.OffsetCommitBody, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.version = version
            self._read()

        def _read(self):
            self.offset = self._io.read_s8be()
            if self.version >= 3:
                pass
                self.leader_epoch = self._io.read_s4be()

            self.metadata = kafka_protocol_types.KafkaProtocolTypes.String(self.version >= 4, self._io)
            self.commit_timestamp = self._io.read_s8be()
            if self.version == 1:
                pass
                self.expire_timestamp = self._io.read_s8be()

            if self.version >= 4:
                pass
                self.tagged_fields = KafkaOffsetCommitValue.OffsetCommitTags(self._io, self, self._root)



        def _fetch_instances(self):
            pass
            if self.version >= 3:
                pass

            self.metadata._fetch_instances()
            if self.version == 1:
                pass

            if self.version >= 4:
                pass
                self.tagged_fields._fetch_instances()



    class OffsetCommitTag(KaitaiStruct):
        """One tagged field; tag 0 is the topic id."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaOffsetCommitValue.OffsetCommitTag, self).__init__(_io)
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
                self.data = KafkaOffsetCommitValue.OffsetCommitTagUuid(_io__raw_data, self, self._root)
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
            else:
                pass


    class OffsetCommitTagUuid(KaitaiStruct):
        """A Uuid tagged field."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaOffsetCommitValue.OffsetCommitTagUuid, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.value = self._io.read_bytes(16)


        def _fetch_instances(self):
            pass


    class OffsetCommitTags(KaitaiStruct):
        """The tagged-field section of a version 4 value, with the topic id decoded."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaOffsetCommitValue.OffsetCommitTags, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.num_fields = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.fields = []
            for i in range(self.num_fields.value):
                self.fields.append(KafkaOffsetCommitValue.OffsetCommitTag(self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.num_fields._fetch_instances()
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()




