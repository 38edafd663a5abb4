"""docker-compose.yml is checked in CI without Docker (no `docker compose config` here): parsed as YAML,
interpolated the way Compose does (``${VAR:?message}`` must refuse an unset variable), and checked
against the parts of the Compose specification this file uses."""

from __future__ import annotations

import re
from typing import Any

import pytest
import yaml

from pipeline.resources import PROJECT_ROOT

COMPOSE = PROJECT_ROOT / "docker-compose.yml"
#: Compose's interpolation: $$, ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?err}, ${VAR?err}
_VAR = re.compile(r"\$(?:(\$)|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\})")
SERVICE_KEYS = {"image", "restart", "ports", "environment", "volumes", "healthcheck", "command", "depends_on"}
RESTART = {"no", "always", "on-failure", "unless-stopped"}


def interpolate(value: Any, env: dict[str, str]) -> Any:
    if isinstance(value, dict):
        return {k: interpolate(v, env) for k, v in value.items()}
    if isinstance(value, list):
        return [interpolate(v, env) for v in value]
    if not isinstance(value, str):
        return value

    def sub(m: re.Match[str]) -> str:
        if m[1]:
            return "$"
        name, op, arg = m[2], m[3], m[4]
        have = env.get(name)
        unset = have is None or (op is not None and op.startswith(":") and have == "")
        if op and op.endswith("?") and unset:
            raise ValueError(f"required variable {name} is missing a value: {arg}")
        if op and op.endswith("-") and unset:
            return arg
        return have or ""

    if "$" in value and not _VAR.search(value) and "$$" not in value:
        raise ValueError(f"invalid interpolation in {value!r}")
    return _VAR.sub(sub, value)


def _load(env: dict[str, str]) -> dict[str, Any]:
    return interpolate(yaml.safe_load(COMPOSE.read_text(encoding="utf-8")), env)


def test_compose_refuses_to_start_without_a_password() -> None:
    with pytest.raises(ValueError, match="NEO4J_PASSWORD"):
        _load({})


def test_compose_file_follows_the_compose_spec_parts_it_uses() -> None:
    doc = _load({"NEO4J_PASSWORD": "a-test-password"})
    assert set(doc) <= {"services", "volumes", "networks", "configs", "secrets", "name"}
    assert "version" not in doc, "the Compose specification has no version key"
    declared = set(doc.get("volumes") or {})
    for name, service in doc["services"].items():
        assert set(service) <= SERVICE_KEYS, (name, set(service) - SERVICE_KEYS)
        assert re.fullmatch(r"[\w./-]+:[\w.-]+", service["image"]), "image pinned to a tag"
        assert service.get("restart", "no") in RESTART
        for port in service.get("ports", []):
            assert re.fullmatch(r"127\.0\.0\.1:\d+:\d+", str(port)), f"{port}: loopback only"
        env = service.get("environment", {})
        assert isinstance(env, dict) and all(isinstance(v, str) for v in env.values()), "strings only"
        assert env["NEO4J_AUTH"] == "neo4j/a-test-password"
        for volume in service.get("volumes", []):
            source = str(volume).split(":", 1)[0]
            assert source.startswith((".", "/")) or source in declared, f"volume {source} not declared"
        check = service["healthcheck"]
        assert check["test"][0] in ("CMD", "CMD-SHELL", "NONE")
        for key in ("interval", "timeout", "start_period"):
            assert re.fullmatch(r"\d+(ms|s|m|h)", str(check[key])), key
        assert isinstance(check["retries"], int)


def test_interpolation_rules() -> None:
    assert interpolate("${A:-x}", {}) == "x" and interpolate("${A:-x}", {"A": "y"}) == "y"
    assert interpolate("$${A}", {}) == "${A}"
    with pytest.raises(ValueError):
        interpolate("${A:?need A}", {"A": ""})
