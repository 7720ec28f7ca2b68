"""A catalogue on a real Dask cluster (a `dask scheduler` and two `dask worker` processes): a
killed worker and a killed command cost nothing twice."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.catalogue.kit import burner, dask_cluster, interrupted_then_resumed

pytestmark = pytest.mark.slow


def test_a_catalogue_on_a_dask_cluster_survives_a_killed_worker_and_a_killed_command(tmp_path: Path) -> None:
    env = burner(tmp_path / "site")
    with dask_cluster(env) as (address, workers):
        interrupted_then_resumed(tmp_path, workers, "--cluster", address)
