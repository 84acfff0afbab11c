# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaVarint(KaitaiStruct):
    """The variable-length integer of Kafka's message format v2 (record lengths, deltas, key, value and
    header lengths) and of the flexible "data" messages (compact array and string lengths, tagged
    fields; those are unsigned and read as `kafka_unsigned_varint`). The encoding is the one of
    Protocol Buffers: groups of 7 bits, least significant group
    first, the high bit of each byte set when another byte follows.
    
    Kafka's record fields are *signed* and use ZigZag on top of that (`value`): 0 -> 0, 1 -> -1,
    2 -> 1, 3 -> -2, ... so -1 (a null key or value) is the single byte 0x01. Even the record length
    and the header count are ZigZag-coded. The flexible message encoding uses the same groups without
    ZigZag (`value_unsigned`), for example a compact array of N elements stores N + 1.
    
    An int32 varint takes at most 5 bytes and an int64 varlong at most 10; Kafka rejects longer ones
    ("Varint is too long"). This type accepts up to 10 groups for both and rejects an 11th.
    
    The groups are flat fields (`b0` .. `b9`) rather than a repeated group type: one object per
    integer instead of one per byte keeps the generated parsers about twice as fast. The value is
    computed with arithmetic (`* 128`, `% 2`, `/ 2`), never with shifts, because the JavaScript
    generator emits 32-bit shift operators: this way the Kaitai Web IDE shows every value below 2^53
    (all real offsets and millisecond timestamps) exactly.
    
    .. seealso::
       readVarint, readVarlong, readUnsignedVarint - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/utils/ByteUtils.java
    
    
    .. seealso::
       Protocol Buffers varints and ZigZag - https://protobuf.dev/programming-guides/encoding/#varints
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaVarint, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.b0 = self._io.read_u1()
        if self.b0 >= 128:
            pass
            self.b1 = self._io.read_u1()

        if  ((self.b0 >= 128) and (self.b1 >= 128)) :
            pass
            self.b2 = self._io.read_u1()

        if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128)) :
            pass
            self.b3 = self._io.read_u1()

        if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128)) :
            pass
            self.b4 = self._io.read_u1()

        if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128) and (self.b4 >= 128)) :
            pass
            self.b5 = self._io.read_u1()

        if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128) and (self.b4 >= 128) and (self.b5 >= 128)) :
            pass
            self.b6 = self._io.read_u1()

        if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128) and (self.b4 >= 128) and (self.b5 >= 128) and (self.b6 >= 128)) :
            pass
            self.b7 = self._io.read_u1()

        if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128) and (self.b4 >= 128) and (self.b5 >= 128) and (self.b6 >= 128) and (self.b7 >= 128)) :
            pass
            self.b8 = self._io.read_u1()

        if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128) and (self.b4 >= 128) and (self.b5 >= 128) and (self.b6 >= 128) and (self.b7 >= 128) and (self.b8 >= 128)) :
            pass
            self.b9 = self._io.read_u1()
            if not self.b9 <= 127:
                raise kaitaistruct.ValidationGreaterThanError(127, self.b9, self._io, u"/seq/9")



    def _fetch_instances(self):
        pass
        if self.b0 >= 128:
            pass

        if  ((self.b0 >= 128) and (self.b1 >= 128)) :
            pass

        if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128)) :
            pass

        if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128)) :
            pass

        if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128) and (self.b4 >= 128)) :
            pass

        if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128) and (self.b4 >= 128) and (self.b5 >= 128)) :
            pass

        if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128) and (self.b4 >= 128) and (self.b5 >= 128) and (self.b6 >= 128)) :
            pass

        if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128) and (self.b4 >= 128) and (self.b5 >= 128) and (self.b6 >= 128) and (self.b7 >= 128)) :
            pass

        if  ((self.b0 >= 128) and (self.b1 >= 128) and (self.b2 >= 128) and (self.b3 >= 128) and (self.b4 >= 128) and (self.b5 >= 128) and (self.b6 >= 128) and (self.b7 >= 128) and (self.b8 >= 128)) :
            pass


    @property
    def value(self):
        """The ZigZag-decoded signed value (Kafka's varint and varlong)."""
        if hasattr(self, '_m_value'):
            return self._m_value

        self._m_value = (self.value_unsigned // 2 if self.value_unsigned % 2 == 0 else -((self.value_unsigned + 1) // 2))
        return getattr(self, '_m_value', None)

    @property
    def value_unsigned(self):
        """The groups read as an unsigned number (UNSIGNED_VARINT in the flexible message encoding)."""
        if hasattr(self, '_m_value_unsigned'):
            return self._m_value_unsigned

        self._m_value_unsigned = self.b0 % 128 + (128 * (self.b1 % 128 + (128 * (self.b2 % 128 + (128 * (self.b3 % 128 + (128 * (self.b4 % 128 + (128 * (self.b5 % 128 + (128 * (self.b6 % 128 + (128 * (self.b7 % 128 + (128 * (self.b8 % 128 + (128 * (self.b9 % 128) if self.b8 >= 128 else 0)) if self.b7 >= 128 else 0)) if self.b6 >= 128 else 0)) if self.b5 >= 128 else 0)) if self.b4 >= 128 else 0)) if self.b3 >= 128 else 0)) if self.b2 >= 128 else 0)) if self.b1 >= 128 else 0)) if self.b0 >= 128 else 0)
        return getattr(self, '_m_value_unsigned', None)


