# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class KafkaUnsignedVarint(KaitaiStruct):
    """The unsigned varint of Kafka's flexible "data" messages (KIP-482): compact string, bytes and
    array lengths (length + 1, 0 for null), tagged-field counts, tags and their lengths, and the
    frame version, api key and version in front of every KRaft metadata record. The groups are
    those of `kafka_varint` (7 bits each, least significant first, high bit set when another byte
    follows) without ZigZag, so `value` is the number as Kafka reads it.
    
    It is a type of its own, not a second value of `kafka_varint`, so that the Web IDE shows one
    right `value` per field (a signed reading of these bytes means nothing). The groups are flat
    fields for the reason `kafka_varint` gives (one object per integer keeps the generated parsers
    fast), and the value uses arithmetic rather than 32-bit shifts, so the Web IDE shows every value
    below 2^53 exactly. Kafka allows at most 5 groups here; like `kafka_varint` this type reads up
    to 10 and rejects an 11th.
    
    .. seealso::
       readUnsignedVarint - https://github.com/apache/kafka/blob/3.9.0/clients/src/main/java/org/apache/kafka/common/utils/ByteUtils.java
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(KafkaUnsignedVarint, self).__init__(_io)
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
        """The groups read as an unsigned number."""
        if hasattr(self, '_m_value'):
            return self._m_value

        self._m_value = self.b0 % 128 + (128 * (self.b1 % 128 + (128 * (self.b2 % 128 + (128 * (self.b3 % 128 + (128 * (self.b4 % 128 + (128 * (self.b5 % 128 + (128 * (self.b6 % 128 + (128 * (self.b7 % 128 + (128 * (self.b8 % 128 + (128 * (self.b9 % 128) if self.b8 >= 128 else 0)) if self.b7 >= 128 else 0)) if self.b6 >= 128 else 0)) if self.b5 >= 128 else 0)) if self.b4 >= 128 else 0)) if self.b3 >= 128 else 0)) if self.b2 >= 128 else 0)) if self.b1 >= 128 else 0)) if self.b0 >= 128 else 0)
        return getattr(self, '_m_value', None)


