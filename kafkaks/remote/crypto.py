"""Decrypting Aiven's encrypted remote segments, with PyCryptodome (the ``remote`` extra).

Read from Aiven-Open/tiered-storage-for-apache-kafka at 8fb15816df2d0b3f880b76e5ac0a14b64dd790d9,
``core/src/main/java/io/aiven/kafka/tieredstorage/security/``:

- Each segment has its own 256-bit AES data key and 32 bytes of AAD (AesEncryptionProvider). The
  data key is wrapped with the RSA public key of the active key pair, with
  ``RSA/NONE/OAEPWithSHA3-512AndMGF1Padding`` from BouncyCastle: OAEP with SHA3-512 as the hash and
  in MGF1, empty label (RsaEncryptionProvider). The manifest stores it as
  ``<key pair id>:<base64>`` (EncryptedDataKey); the user holds the private keys (PKCS#8 PEM, read
  by RsaKeyReader) by their ids.
- Each transformed chunk, and each non-empty index of the ``.indexes`` object, is
  ``IV (12 bytes) || AES-256-GCM ciphertext || tag (16 bytes)`` (``aiven_encrypted_chunk.ksy``),
  the AAD given to every one (EncryptionChunkEnumeration, DecryptionChunkEnumeration).

``cryptography`` (OpenSSL) refuses SHA3 in OAEP, so the unwrap needs PyCryptodome, which does both
steps; without it, :func:`require_crypto` says which extra to install.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from ..errors import KafkaksError, UnsupportedError
from ..generated.aiven_encrypted_chunk import AivenEncryptedChunk
from ..schemas.extras import MissingExtraError

__all__ = ["Keyring", "MissingExtraError", "decrypt_chunk", "require_crypto"]


def require_crypto() -> ModuleType:
    """The ``Crypto`` package (PyCryptodome); :class:`MissingExtraError` naming the extra if absent."""
    try:
        import Crypto
        import Crypto.Cipher.AES
        import Crypto.Cipher.PKCS1_OAEP
        import Crypto.Hash.SHA3_512
        import Crypto.PublicKey.RSA
        import Crypto.Signature.pss
    except ImportError as error:
        raise MissingExtraError(
            "decrypting remote segments needs PyCryptodome, which is not installed: "
            "pip install 'kafkaks[remote]'"
        ) from error
    module: ModuleType = Crypto
    return module


class Keyring:
    """The user's RSA private keys by key pair id (``rsm.config.encryption.key.pairs``), which
    unwrap each segment's data key. Values are PEM text or bytes, or paths of PEM files."""

    def __init__(self, keys: Mapping[str, str | bytes | os.PathLike[str]]) -> None:
        require_crypto()
        self._pems: dict[str, str | bytes | os.PathLike[str]] = dict(keys)
        self._keys: dict[str, Any] = {}  # imported when first needed: an import tests primality
        self._unwrapped: dict[tuple[str, bytes], bytes] = {}

    def __getstate__(self) -> dict[str, Any]:
        """What a task needs: PyCryptodome's keys do not pickle, so they are imported again there."""
        return {"_pems": self._pems, "_keys": {}, "_unwrapped": self._unwrapped}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def _key(self, key_id: str) -> Any:
        """The private key of ``key_id``, imported once; None when the keyring has no such id."""
        if key_id in self._keys or key_id not in self._pems:
            return self._keys.get(key_id)
        key = pem = self._pems[key_id]
        if isinstance(key, os.PathLike) or (isinstance(key, str) and "-----BEGIN" not in key):
            with open(key, "rb") as file:
                pem = file.read()
        try:
            private = require_crypto().PublicKey.RSA.import_key(pem)
        except (ValueError, IndexError, TypeError) as exc:
            raise KafkaksError(f"key pair {key_id!r}: not an RSA private key in PEM ({exc})") from None
        if not private.has_private():
            raise KafkaksError(f"key pair {key_id!r}: a public key; decrypting needs the private key")
        self._keys[key_id] = private
        return private

    def unwrap(self, key_id: str, wrapped: bytes, where: str) -> bytes:
        """The AES data key wrapped by key pair ``key_id`` (RsaEncryptionProvider.decryptDataKey)."""
        cached = self._unwrapped.get((key_id, wrapped))
        if cached is not None:
            return cached
        crypto = require_crypto()
        private = self._key(key_id)
        if private is None:
            known = ", ".join(sorted(self._pems)) or "none"
            raise UnsupportedError(
                f"encrypted with key pair {key_id!r}, not in the keyring ({known})", path=where
            )
        sha3 = crypto.Hash.SHA3_512
        cipher = crypto.Cipher.PKCS1_OAEP.new(
            private, hashAlgo=sha3, mgfunc=lambda seed, length: crypto.Signature.pss.MGF1(seed, length, sha3)
        )
        try:
            key: bytes = cipher.decrypt(wrapped)
        except ValueError as exc:
            raise KafkaksError(
                f"the data key does not unwrap with key pair {key_id!r}: {exc}", path=where
            ) from None
        self._unwrapped[key_id, wrapped] = key
        return key


def decrypt_chunk(key: bytes, aad: bytes, chunk: bytes) -> bytes:
    """One transformed chunk decrypted (and its tag checked); ValueError when it does not check."""
    aes = require_crypto().Cipher.AES
    try:
        parsed = AivenEncryptedChunk.from_bytes(chunk)
    except Exception as exc:  # the generated parser's EOF error: too short for an IV and a tag
        raise ValueError(f"{len(chunk)} bytes is less than an IV and a tag ({exc})") from None
    cipher = aes.new(key, aes.MODE_GCM, nonce=parsed.iv, mac_len=len(parsed.tag))
    cipher.update(aad)
    plain: bytes = cipher.decrypt_and_verify(parsed.ciphertext, parsed.tag)
    return plain
