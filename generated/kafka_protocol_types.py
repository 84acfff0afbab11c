# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO
from . import kafka_unsigned_varint


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaProtocolTypes(KaitaiStruct):
    """The field encodings shared by Kafka's generated "data" messages: the records of the internal
    topics `__consumer_offsets`, `__transaction_state` and `__cluster_metadata` are such messages,
    written by the group coordinator, the transaction coordinator and the KRaft controller.
    
    A message version is either classic or flexible (KIP-482; the schema's `flexibleVersions`):
    
    * classic: a string is an int16 length and UTF-8 bytes, bytes have an int32 length, an array an
      int32 element count; -1 stands for null in all three.
    * flexible: the same lengths as an unsigned varint holding length + 1, so 0 is null ("compact"
      strings, bytes and arrays), and every structure ends with a tagged-field section (`tagged_fields`).
    
    The types here take a `flexible` parameter and read either form; `len_value` / `num_items` is
    the decoded length (-1 for null) in both cases. Like Kafka's own `Type` class this file is a
    collection of types: the top-level type reads nothing. `tagged_fields` keeps each tagged field
    as tag, length and raw bytes, which is how Kafka itself keeps tags it does not know; specs that
    know some tags of a structure decode them with a switch of their own. `kafka_control_record`
    uses them for the flexible KRaft control records.
    
    .. seealso::
       STRING, COMPACT_STRING, BYTES, COMPACT_BYTES, UUID - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/protocol/types/Type.java
    
    
    .. seealso::
       Source - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/protocol/ByteBufferAccessor.java
    
    
    .. seealso::
       KIP-482, the flexible encoding - https://cwiki.apache.org/confluence/display/KAFKA/KIP-482%3A+The+Kafka+Protocol+should+Support+Optional+Tagged+Fields
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaProtocolTypes, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        pass


    def _fetch_instances(self):
        pass

    class ArrayLength(KaitaiStruct):
        """The element count in front of an array: int32 (classic) or unsigned varint count + 1
        (flexible, COMPACT_ARRAY). -1 is a null array.
        """
        def __init__(self, flexible, _io, _parent=None, _root=None):
            super(KafkaProtocolTypes.ArrayLength, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.flexible = flexible
            self._read()

        def _read(self):
            if (not (self.flexible)):
                pass
                self.num_classic = self._io.read_s4be()

            if self.flexible:
                pass
                self.num_compact = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)



        def _fetch_instances(self):
            pass
            if (not (self.flexible)):
                pass

            if self.flexible:
                pass
                self.num_compact._fetch_instances()


        @property
        def num_items(self):
            if hasattr(self, '_m_num_items'):
                return self._m_num_items

            self._m_num_items = (self.num_compact.value - 1 if self.flexible else self.num_classic)
            return getattr(self, '_m_num_items', None)


    class Bytes(KaitaiStruct):
        """BYTES / NULLABLE_BYTES (int32 length) or COMPACT_BYTES (flexible)."""
        def __init__(self, flexible, _io, _parent=None, _root=None):
            super(KafkaProtocolTypes.Bytes, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.flexible = flexible
            self._read()

        def _read(self):
            if (not (self.flexible)):
                pass
                self.len_classic = self._io.read_s4be()

            if self.flexible:
                pass
                self.len_compact = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)

            if self.len_value >= 0:
                pass
                self.value = self._io.read_bytes(self.len_value)



        def _fetch_instances(self):
            pass
            if (not (self.flexible)):
                pass

            if self.flexible:
                pass
                self.len_compact._fetch_instances()

            if self.len_value >= 0:
                pass


        @property
        def len_value(self):
            """Length in bytes, -1 for null."""
            if hasattr(self, '_m_len_value'):
                return self._m_len_value

            self._m_len_value = (self.len_compact.value - 1 if self.flexible else self.len_classic)
            return getattr(self, '_m_len_value', None)


    class Int32Array(KaitaiStruct):
        """An array of int32 (`[]int32`)."""
        def __init__(self, flexible, _io, _parent=None, _root=None):
            super(KafkaProtocolTypes.Int32Array, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.flexible = flexible
            self._read()

        def _read(self):
            self.len_items = KafkaProtocolTypes.ArrayLength(self.flexible, self._io, self, self._root)
            self.items = []
            for i in range((0 if self.len_items.num_items < 0 else self.len_items.num_items)):
                self.items.append(self._io.read_s4be())



        def _fetch_instances(self):
            pass
            self.len_items._fetch_instances()
            for i in range(len(self.items)):
                pass



    class String(KaitaiStruct):
        """STRING / NULLABLE_STRING (classic) or COMPACT_STRING / COMPACT_NULLABLE_STRING (flexible)."""
        def __init__(self, flexible, _io, _parent=None, _root=None):
            super(KafkaProtocolTypes.String, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.flexible = flexible
            self._read()

        def _read(self):
            if (not (self.flexible)):
                pass
                self.len_classic = self._io.read_s2be()

            if self.flexible:
                pass
                self.len_compact = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)

            if self.len_value >= 0:
                pass
                self.value = (self._io.read_bytes(self.len_value)).decode(u"UTF-8")



        def _fetch_instances(self):
            pass
            if (not (self.flexible)):
                pass

            if self.flexible:
                pass
                self.len_compact._fetch_instances()

            if self.len_value >= 0:
                pass


        @property
        def len_value(self):
            """Length in bytes, -1 for null."""
            if hasattr(self, '_m_len_value'):
                return self._m_len_value

            self._m_len_value = (self.len_compact.value - 1 if self.flexible else self.len_classic)
            return getattr(self, '_m_len_value', None)


    class StringArray(KaitaiStruct):
        """An array of strings (`[]string`)."""
        def __init__(self, flexible, _io, _parent=None, _root=None):
            super(KafkaProtocolTypes.StringArray, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.flexible = flexible
            self._read()

        def _read(self):
            self.len_items = KafkaProtocolTypes.ArrayLength(self.flexible, self._io, self, self._root)
            self.items = []
            for i in range((0 if self.len_items.num_items < 0 else self.len_items.num_items)):
                self.items.append(KafkaProtocolTypes.String(self.flexible, self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.len_items._fetch_instances()
            for i in range(len(self.items)):
                pass
                self.items[i]._fetch_instances()



    class TaggedField(KaitaiStruct):
        """Tags are unsigned varints in increasing order; each is followed by its data's length."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaProtocolTypes.TaggedField, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.tag = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.len_data = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.data = self._io.read_bytes(self.len_data.value)


        def _fetch_instances(self):
            pass
            self.tag._fetch_instances()
            self.len_data._fetch_instances()


    class TaggedFields(KaitaiStruct):
        """The tagged-field section that ends every structure of a flexible message (KIP-482)."""
        def __init__(self, _io, _parent=None, _root=None):
            super(KafkaProtocolTypes.TaggedFields, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self._read()

        def _read(self):
            self.num_fields = kafka_unsigned_varint.KafkaUnsignedVarint(self._io)
            self.fields = []
            for i in range(self.num_fields.value):
                self.fields.append(KafkaProtocolTypes.TaggedField(self._io, self, self._root))



        def _fetch_instances(self):
            pass
            self.num_fields._fetch_instances()
            for i in range(len(self.fields)):
                pass
                self.fields[i]._fetch_instances()



    class UuidArray(KaitaiStruct):
        """An array of UUIDs (`[]uuid`), 16 bytes each."""
        def __init__(self, flexible, _io, _parent=None, _root=None):
            super(KafkaProtocolTypes.UuidArray, self).__init__(_io)
            self._parent = _parent
            self._root = _root
            self.flexible = flexible
            self._read()

        def _read(self):
            self.len_items = KafkaProtocolTypes.ArrayLength(self.flexible, self._io, self, self._root)
            self.items = []
            for i in range((0 if self.len_items.num_items < 0 else self.len_items.num_items)):
                self.items.append(self._io.read_bytes(16))



        def _fetch_instances(self):
            pass
            self.len_items._fetch_instances()
            for i in range(len(self.items)):
                pass




