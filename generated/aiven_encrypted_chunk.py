# This is a generated file! Please edit source .ksy file and use kaitai-struct-compiler to rebuild
# type: ignore

import kaitaistruct
from kaitaistruct import KaitaiStruct, KaitaiStream, BytesIO


if getattr(kaitaistruct, 'API_VERSION', (0, 9)) < (0, 11):
    raise Exception("Incompatible Kaitai Struct Python API: 0.11 or later is required, but you have %s" % (kaitaistruct.__version__))

class AivenEncryptedChunk(KaitaiStruct):
    """One encrypted chunk of a remote segment's `.log` object, or one encrypted part of its
    `.indexes` object, as Aiven's tiered-storage-for-apache-kafka writes it: the 12-byte IV, then
    what `Cipher.doFinal` of `AES/GCM/NoPadding` returns, the ciphertext followed by the 128-bit tag.
    There is no header, no length and no version: the chunk's size comes from the manifest's chunk
    index. The key is the segment's data key (unwrapped with the user's RSA private key, see
    `encryption.dataKey` in the manifest) and the AAD the manifest's `encryption.aad`. Decrypted, a
    chunk is a piece of the segment, zstd-compressed first when the manifest's `compression` is true.
    
    .. seealso::
       Source - https://github.com/Aiven-Open/tiered-storage-for-apache-kafka/blob/8fb15816df2d0b3f880b76e5ac0a14b64dd790d9/core/src/main/java/io/aiven/kafka/tieredstorage/transform/EncryptionChunkEnumeration.java
    
    
    .. seealso::
       Source - https://github.com/Aiven-Open/tiered-storage-for-apache-kafka/blob/8fb15816df2d0b3f880b76e5ac0a14b64dd790d9/core/src/main/java/io/aiven/kafka/tieredstorage/security/AesEncryptionProvider.java
    """
    def __init__(self, _io, _parent=None, _root=None):
        super(AivenEncryptedChunk, self).__init__(_io)
        self._parent = _parent
        self._root = _root or self
        self._read()

    def _read(self):
        self.iv = self._io.read_bytes(12)
        self.ciphertext = self._io.read_bytes((self._io.size() - 12) - 16)
        self.tag = self._io.read_bytes(16)


    def _fetch_instances(self):
        pass


