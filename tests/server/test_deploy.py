"""The deploy files say what the tests run (issue 24, point 10): the Zero to JupyterHub values
against the chart's schema for the keys they set, and one set of student rules everywhere.

``helm template`` needs the chart, which no package registry carries, so the values are checked
against a schema of the keys they use, written from the chart's own ``values.schema.yaml``
(its names, types and ``additionalProperties: false`` at every level set here): a misspelt key
or a wrong type fails here as it would fail ``helm install``.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from kayalib.server.frames import PAGE_MESSAGES
from kayalib.server.hub import StudentAuthorizer

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy" / "jupyterhub"


def strict(**properties) -> dict:
    return {"type": "object", "additionalProperties": False, "properties": properties}


NULLABLE_INT = {"type": ["integer", "null"]}
SIZE = {"type": ["number", "string", "null"]}
STRING = {"type": ["string", "null"]}
FREE = {"type": "object"}  # the chart passes these on to JupyterHub / the pod as they are

SCHEMA = strict(
    singleuser=strict(
        image=strict(name=STRING, tag=STRING),
        defaultUrl=STRING,
        cmd={"type": ["array", "string", "null"]},
        memory=strict(guarantee=SIZE, limit=SIZE),
        cpu=strict(guarantee={"type": ["number", "null"]}, limit={"type": ["number", "null"]}),
        storage={"type": "object", "properties": {"type": {"enum": ["dynamic", "static", "none"]}}},
        extraFiles={"type": "object", "additionalProperties": {
            "type": "object", "additionalProperties": False, "required": ["mountPath"],
            "properties": {"mountPath": {"type": "string"}, "data": FREE,
                           "stringData": {"type": "string"}, "binaryData": {"type": "string"},
                           "mode": {"type": "integer"}}}},  # fmt: skip
        extraEnv={"type": "object", "additionalProperties": {"type": ["string", "object"]}},
        networkPolicy=strict(egress={"type": "array"}),
    ),
    cull=strict(enabled={"type": "boolean"}, timeout=NULLABLE_INT, every=NULLABLE_INT),
    prePuller=strict(continuous=strict(enabled={"type": "boolean"})),
    hub=strict(
        concurrentSpawnLimit=NULLABLE_INT,
        config=FREE,
        services={"type": "object", "additionalProperties": {
            "type": "object", "additionalProperties": False,
            "properties": {"url": STRING, "apiToken": STRING, "admin": {"type": "boolean"},
                           "command": {"type": ["array", "string"]}, "display": {"type": "boolean"},
                           "oauth_no_confirm": {"type": "boolean"},
                           "oauth_redirect_uri": STRING, "oauth_client_id": STRING}}},  # fmt: skip
        loadRoles={"type": "object", "additionalProperties": {
            "type": "object", "additionalProperties": False,
            "properties": {"name": STRING, "description": STRING,
                           "scopes": {"type": "array", "items": {"type": "string"}},
                           "users": {"type": "array"}, "groups": {"type": "array"},
                           "services": {"type": "array"}}}},  # fmt: skip
    ),
)


@pytest.fixture(scope="module")
def values() -> dict:
    return yaml.safe_load((DEPLOY / "z2jh-values.yaml").read_text("utf-8"))


def test_the_values_fit_the_charts_schema(values) -> None:
    jsonschema.validate(values, SCHEMA)
    with pytest.raises(jsonschema.ValidationError):  # the schema does catch a misspelt key
        jsonschema.validate({"hub": {"concurrentSpawnLimt": 200}}, SCHEMA)


def test_the_values_have_an_admin_a_spawn_limit_and_the_students_rules(values) -> None:
    config = values["hub"]["config"]
    assert config["Authenticator"]["admin_users"]  # sign-ups wait for an admin who exists
    assert config["NativeAuthenticator"]["open_signup"] is False
    assert values["hub"]["concurrentSpawnLimit"] > 64  # the chart's default turned a wave away
    rules = json.loads((DEPLOY / "student" / "jupyter_server_config.json").read_text("utf-8"))
    (pod,) = [f for f in values["singleuser"]["extraFiles"].values()
              if f["mountPath"] == "/etc/jupyter/jupyter_server_config.json"]  # fmt: skip
    assert pod["data"] == rules  # one set of rules on a laptop's hub and on Kubernetes
    assert rules["MappingKernelManager"]["allowed_message_types"] == PAGE_MESSAGES
    assert rules["ServerApp"]["authorizer_class"] == "kayalib.server.hub.StudentAuthorizer"
    assert rules["ServerApp"]["terminals_enabled"] is False
    assert rules["ServerApp"]["jpserver_extensions"]["jupyterlab"] is False


def test_a_student_may_read_and_play_and_nothing_more() -> None:
    allowed = {(a, r) for r, actions in StudentAuthorizer.RULES.items() for a in actions}
    assert ("execute", "kernels") in allowed and ("read", "contents") in allowed
    assert not [pair for pair in allowed if pair[0] != "read" and pair != ("execute", "kernels")]
    for resource in ("terminals", "contents", "kernels", "sessions", "server", "config"):
        assert not StudentAuthorizer.allows("write", resource), resource


def test_the_class_tables_pod_is_the_hub_service_the_values_name() -> None:
    """tables.yaml runs the service the values register, at the address they give the hub and
    the kernels, with its store on the persistent volume and the chart's token for it."""
    values = yaml.safe_load((DEPLOY / "z2jh-values.yaml").read_text("utf-8"))
    manifests = list(yaml.safe_load_all((DEPLOY / "tables.yaml").read_text("utf-8")))
    kinds = {m["kind"]: m for m in manifests}
    assert set(kinds) == {"PersistentVolumeClaim", "Deployment", "Service"}
    deployment, service = kinds["Deployment"], kinds["Service"]
    assert deployment["spec"]["replicas"] == 1  # one writer of one SQLite store
    assert deployment["spec"]["strategy"]["type"] == "Recreate"
    pod = deployment["spec"]["template"]
    (container,) = pod["spec"]["containers"]
    command = container["command"]
    assert command[:3] == ["python", "-m", "kayalib.server.table_alone"]
    store = command[command.index("--store") + 1]
    (mount,) = container["volumeMounts"]
    assert store.startswith(mount["mountPath"] + "/")
    (volume,) = pod["spec"]["volumes"]
    assert volume["persistentVolumeClaim"]["claimName"] == kinds["PersistentVolumeClaim"][
        "metadata"]["name"]  # fmt: skip
    env = {e["name"]: e for e in container["env"]}
    url = values["hub"]["services"]["tables"]["url"]
    host, port = url.removeprefix("http://").split(":")
    assert service["metadata"]["name"] == host and service["spec"]["ports"][0]["port"] == int(port)
    assert env["JUPYTERHUB_SERVICE_URL"]["value"].endswith(f":{port}")
    prefix = env["JUPYTERHUB_SERVICE_PREFIX"]["value"]
    assert values["singleuser"]["extraEnv"]["KAYALIB_CLASS_URL"] == url + prefix
    assert env["JUPYTERHUB_SERVICE_NAME"]["value"] == "tables"
    assert env["JUPYTERHUB_API_TOKEN"]["valueFrom"]["secretKeyRef"] == {
        "name": "hub", "key": "hub.services.tables.apiToken"}  # fmt: skip
    assert "access:services!service=tables" in values["hub"]["loadRoles"]["user"]["scopes"]
    labels = pod["metadata"]["labels"]
    assert labels["hub.jupyter.org/network-access-hub"] == "true"
    (rule,) = values["singleuser"]["networkPolicy"]["egress"]
    assert rule["to"][0]["podSelector"]["matchLabels"].items() <= labels.items()
