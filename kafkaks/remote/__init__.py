"""Tiered storage (KIP-405): a topic's remote segments read from the store they were copied to,
without the cluster. See docs/remote.md.

    store        a folder or a bucket (:func:`~kafkaks.remote.stores.open_store`)
    aiven        Aiven's layout: keys, the JSON manifest, chunk indexes
    crypto       Aiven's encryption (the ``remote`` extra: PyCryptodome)
    chunked      a chunked ``.log`` object read as a segment, chunk by chunk
    segments     the remote segments of a store, in either layout (Aiven's, LocalTieredStorage)
    metadata     which segments are live, from ``__remote_log_metadata``
    reading      remote segments as batches, alone or merged with the local ones
    tiers        a store planned once (:class:`Remote`), a partition across tiers
    checking     remote segments checked as ``kafkaks verify`` checks ``.log`` files
    inventory    what a store holds (``kafkaks remote-inventory``)
"""

from __future__ import annotations

from .crypto import Keyring, MissingExtraError
from .reading import read_remote_segment, remote_runs
from .segments import Found, RemoteSegment, find_segments
from .stores import Store, open_store
from .tiers import Remote, read_tiered_partition, tiered_runs

__all__ = [
    "Found",
    "Keyring",
    "MissingExtraError",
    "Remote",
    "RemoteSegment",
    "Store",
    "find_segments",
    "open_store",
    "read_remote_segment",
    "read_tiered_partition",
    "remote_runs",
    "tiered_runs",
]
