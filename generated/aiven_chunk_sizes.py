# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class AivenChunkSizes(KaitaiStruct):
    """The sizes of the transformed (compressed, maybe encrypted) chunks of a remote segment's
    `.log` object, as Aiven's tiered-storage-for-apache-kafka writes them for a segment uploaded
    with compression: the `transformedChunks` field of a `"type": "variable"` chunk index in the
    segment's JSON `.rsm-manifest`. That field is base64 of one zstd frame (with its content size);
    this spec reads what the frame holds once decompressed (the decompression is not declarative).
    
    Every size but the last is stored as a difference from the smallest of them (`base`), in
    `bytes_per_value` big-endian bytes (1 to 4, the fewest that fit the largest difference); the last
    size is stored whole, since a final chunk is usually much shorter. One size is stored whole, and
    none as the count alone. Upstream's test vector: the zstd frame of base64
    `KLUv/SAPeQAAAAAAAwAAAAoBAAoAAAAe` holds [10, 20, 30] (count 3, base 10, one byte a value: 0, 10,
    then 30 whole).
    
    .. seealso::
       Source - https://github.com/Aiven-Open/tiered-storage-for-apache-kafka/blob/8fb15816df2d0b3f880b76e5ac0a14b64dd790d9/core/src/main/java/io/aiven/kafka/tieredstorage/manifest/index/serde/ChunkSizesBinaryCodec.java
    
    
    .. seealso::
       Source - https://github.com/Aiven-Open/tiered-storage-for-apache-kafka/blob/8fb15816df2d0b3f880b76e5ac0a14b64dd790d9/core/src/main/java/io/aiven/kafka/tieredstorage/manifest/index/serde/TransformedChunksSerializer.java
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(AivenChunkSizes, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.num_chunks = self._io.read_s4be()
        if self.num_chunks == 1:
            pass
            self.single_size = self._io.read_s4be()

        if self.num_chunks > 1:
            pass
            self.base = self._io.read_s4be()

        if self.num_chunks > 1:
            pass
            self.bytes_per_value = self._io.read_u1()

        if self.num_chunks > 1:
            pass
            self.deltas = []
            for i in range(self.num_chunks - 1):
                _on = self.bytes_per_value
                if _on == 1:
                    pass
                    self.deltas.append(self._io.read_u1())
                elif _on == 2:
                    pass
                    self.deltas.append(self._io.read_u2be())
                elif _on == 3:
                    pass
                    self.deltas.append(self._io.read_bits_int_be(24))
                elif _on == 4:
                    pass
                    self.deltas.append(self._io.read_u4be())


        if self.num_chunks > 1:
            pass
            self.last_size = self._io.read_s4be()



    def _fetch_instances(self):
        pass
        if self.num_chunks == 1:
            pass

        if self.num_chunks > 1:
            pass

        if self.num_chunks > 1:
            pass

        if self.num_chunks > 1:
            pass
            for i in range(len(self.deltas)):
                pass
                _on = self.bytes_per_value
                if _on == 1:
                    pass
                elif _on == 2:
                    pass
                elif _on == 3:
                    pass
                elif _on == 4:
                    pass


        if self.num_chunks > 1:
            pass



