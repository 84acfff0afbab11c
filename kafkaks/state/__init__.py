"""The state of a dead cluster, from its disks: consumer groups and their lag, transactions and
the ones left open, the cluster metadata, replicas that diverge. :func:`cluster_state` returns it
as the dataclasses of :mod:`.model`; ``kafkaks state`` prints it as text, JSON or an HTML page.

Modules: ``groups`` (``__consumer_offsets`` replayed as Kafka's group coordinator does),
``transactions`` (``__transaction_state`` and the transactions partitions hold open),
``metadata`` (KRaft snapshots and ``__cluster_metadata``), ``partitions`` (one pass over a
partition's batches), ``replicas`` (where copies diverge), ``build`` (all of it together),
``text`` and ``html`` (the renderings). The dataclasses of the state are in :mod:`.model`."""

from .build import cluster_state, parse_at
from .model import ClusterState, to_json

__all__ = ["ClusterState", "cluster_state", "parse_at", "to_json"]
