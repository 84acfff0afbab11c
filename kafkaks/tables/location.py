"""Where a table lives, as each client that touches it needs it said.

DEST is written the way :func:`kafkaks.spark.filesystems.filesystem` opens it: for S3, the
settings in the query string as ``pyarrow.fs`` reads them (``endpoint_override``, ``scheme``,
``region``, ...) and, for a test server, the credentials as the URI's user info
(``s3://KEY:SECRET@bucket/path?...``). Iceberg and Delta name files by plain URIs
(``s3://bucket/key``) and take the settings as properties of their own: pyiceberg's ``s3.*``
(https://py.iceberg.apache.org/configuration/#s3) and deltalake's ``AWS_*`` storage options
(https://delta-io.github.io/delta-rs/integrations/object-storage/s3/). :class:`Location` keeps the
two apart, so the settings (and a secret) never end up in a table's metadata or in what is printed.
Settings not given here come from each client's usual AWS environment.
"""

from __future__ import annotations

import urllib.parse
from dataclasses import dataclass

__all__ = ["Location"]


@dataclass(frozen=True)
class Location:
    """``uri``: the table's location as table formats name it; ``query`` and ``user``: the S3
    settings and credentials of DEST (empty when none)."""

    uri: str
    query: str = ""
    user: str = ""

    @classmethod
    def parse(cls, dest: str) -> Location:
        """The location of DEST; only ``s3://`` carries settings, anything else is kept as given."""
        if not dest.startswith("s3://"):
            return cls(dest)
        parts = urllib.parse.urlsplit(dest)
        user, _, bucket = parts.netloc.rpartition("@")
        if not bucket:
            raise ValueError(f"DEST s3://{parts.path} names no bucket")
        return cls(f"s3://{bucket}{parts.path}", parts.query, user)

    @property
    def settings(self) -> dict[str, str]:
        return dict(urllib.parse.parse_qsl(self.query))

    @property
    def credentials(self) -> tuple[str, str] | None:
        if not self.user:
            return None
        key, _, secret = self.user.partition(":")
        return urllib.parse.unquote(key), urllib.parse.unquote(secret)

    def filesystem_uri(self, uri: str) -> str:
        """A URI the table names (``uri`` or one under it) as ``pyarrow.fs`` opens it, with DEST's
        settings and credentials."""
        if not (self.query or self.user):
            return uri
        scheme, _, rest = uri.partition("://")
        user = f"{self.user}@" if self.user else ""
        query = f"?{self.query}" if self.query else ""
        return f"{scheme}://{user}{rest}{query}"

    def _endpoint(self) -> str | None:
        settings = self.settings
        endpoint = settings.get("endpoint_override")
        if endpoint is None or "://" in endpoint:
            return endpoint
        return f"{settings.get('scheme', 'https')}://{endpoint}"

    def pyiceberg_properties(self) -> dict[str, str]:
        """pyiceberg's FileIO properties for these settings (none for a location without any)."""
        properties = {}
        endpoint, region, credentials = self._endpoint(), self.settings.get("region"), self.credentials
        if endpoint is not None:
            properties["s3.endpoint"] = endpoint
        if region is not None:
            properties["s3.region"] = region
        if credentials is not None:
            properties["s3.access-key-id"], properties["s3.secret-access-key"] = credentials
        return properties

    def delta_storage_options(self) -> dict[str, str] | None:
        """deltalake's storage options for these settings; None for a location that is not on S3.
        Commits to S3 are made with conditional puts (``If-None-Match``, which AWS S3, MinIO and
        R2 honour), so two writers cannot both write one log version."""
        if not self.uri.startswith("s3://"):
            return None
        options = {"AWS_CONDITIONAL_PUT": "etag"}
        endpoint, region, credentials = self._endpoint(), self.settings.get("region"), self.credentials
        if endpoint is not None:
            options["AWS_ENDPOINT_URL"] = endpoint
            if endpoint.startswith("http://"):
                options["AWS_ALLOW_HTTP"] = "true"
        if region is not None:
            options["AWS_REGION"] = region
        if credentials is not None:
            options["AWS_ACCESS_KEY_ID"], options["AWS_SECRET_ACCESS_KEY"] = credentials
        return options
