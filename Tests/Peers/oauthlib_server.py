#!/usr/bin/env python3
"""Standalone OAuth 2.0 authorization/resource server built on oauthlib.

A test peer for the Swift OAuth client: every protocol decision (parameter
parsing, grant validation, PKCE, refresh-token rotation, error bodies and
status codes) is made by oauthlib's own endpoint and grant classes; this file
only supplies an in-memory RequestValidator and the HTTP plumbing.

Usage:
    python3 oauthlib_server.py PORT [--ttl SECONDS]

Binds 127.0.0.1:PORT and serves until its stdin reaches EOF, so keep stdin
open (a pipe) for as long as the server is needed. If PORT is 0 an ephemeral
port is chosen and printed as a single line on stdout; otherwise nothing is
printed on stdout.

Endpoints:
    POST /token                                  grant_type = client_credentials |
                                                 authorization_code (PKCE S256) |
                                                 refresh_token (rotating)
    GET  /authorize                              auto-approves, 302 to redirect_uri
    POST /revoke                                 RFC 7009
    GET  /me                                     protected resource, scope "read"
    GET  /.well-known/oauth-authorization-server RFC 8414 metadata
    GET  /stats                                  tokens issued per grant_type

Clients:
    peer-client / peer-secret   confidential (HTTP Basic or client_secret_post)
    peer-public                 public (client_id in the body, no secret)
Redirect URIs: http://127.0.0.1:<any port>/callback. Scopes: read, write
(default read).

Requires Python 3.8+ and oauthlib (tested with 4.0.1); standard library
otherwise.
"""

import argparse
import base64
import hmac
import json
import os
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote_plus, urlsplit

# MetadataEndpoint insists on an https issuer unless this is set; this server
# is plain-http loopback only.
os.environ.setdefault("OAUTHLIB_INSECURE_TRANSPORT", "1")

from oauthlib.oauth2 import (  # noqa: E402
    AuthorizationCodeGrant,
    AuthorizationEndpoint,
    BearerToken,
    ClientCredentialsGrant,
    MetadataEndpoint,
    RefreshTokenGrant,
    RequestValidator,
    ResourceEndpoint,
    RevocationEndpoint,
    TokenEndpoint,
)
from oauthlib.oauth2.rfc6749 import errors  # noqa: E402
from oauthlib.oauth2.rfc6749.grant_types.authorization_code import (  # noqa: E402
    code_challenge_method_s256,
)

SCOPES = ("read", "write")
DEFAULT_SCOPES = ["read"]
CODE_TTL = 600  # seconds an authorization code stays redeemable
REDIRECT_HOST = "127.0.0.1"
REDIRECT_PATH = "/callback"


class Client:
    def __init__(self, client_id, secret, grant_types):
        self.client_id = client_id
        self.secret = secret  # None => public client
        self.grant_types = grant_types

    @property
    def is_public(self):
        return self.secret is None


CLIENTS = {
    "peer-client": Client(
        "peer-client",
        "peer-secret",
        ("client_credentials", "authorization_code", "refresh_token"),
    ),
    "peer-public": Client("peer-public", None, ("authorization_code", "refresh_token")),
}


def loopback_redirect_ok(uri):
    """RFC 8252 section 7.3: loopback redirect, any port, fixed path."""
    try:
        parts = urlsplit(uri)
        parts.port  # noqa: B018 - raises ValueError on a malformed port
    except ValueError:
        return False
    return (
        parts.scheme == "http"
        and parts.hostname == REDIRECT_HOST
        and parts.username is None
        and parts.password is None
        and parts.path == REDIRECT_PATH
        and not parts.query
        and not parts.fragment
    )


def basic_credentials(request):
    """(client_id, secret) from an HTTP Basic header, per RFC 6749 2.3.1
    (each part application/x-www-form-urlencoded, then base64). None if the
    header is absent or not Basic; ("", None) if it is Basic but malformed."""
    auth = request.headers.get("Authorization")
    if not auth:
        return None
    scheme, _, value = auth.strip().partition(" ")
    if scheme.lower() != "basic":
        return None
    try:
        decoded = base64.b64decode(value.strip(), validate=True).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return ("", None)
    if ":" not in decoded:
        return ("", None)
    cid, _, secret = decoded.partition(":")
    return (unquote_plus(cid), unquote_plus(secret))


class MemoryValidator(RequestValidator):
    """All state in memory, guarded by one re-entrant lock (the HTTP layer
    holds the same lock around each oauthlib call, so every request is
    atomic: two concurrent refreshes of one refresh token cannot both win)."""

    def __init__(self, lock):
        super().__init__()
        self.lock = lock
        self.codes = {}  # code -> dict
        self.access_tokens = {}  # token -> dict
        self.refresh_tokens = {}  # token -> dict
        self.issued = {"client_credentials": 0, "authorization_code": 0, "refresh_token": 0}

    # -- client authentication ------------------------------------------------

    def client_authentication_required(self, request, *args, **kwargs):
        if basic_credentials(request) is not None:
            return True
        client = CLIENTS.get(request.client_id)
        return not (client is not None and client.is_public)

    def authenticate_client(self, request, *args, **kwargs):
        basic = basic_credentials(request)
        if basic is not None:
            cid, secret = basic
            # A body client_id, if also sent, must name the same client.
            if request.client_id and request.client_id != cid:
                return False
        elif request.client_id and request.client_secret is not None:
            cid, secret = request.client_id, request.client_secret
        else:
            return False
        client = CLIENTS.get(cid)
        if client is None or client.is_public or secret is None:
            return False
        if not hmac.compare_digest(secret.encode("utf-8"), client.secret.encode("utf-8")):
            return False
        request.client = client
        return True

    def authenticate_client_id(self, client_id, request, *args, **kwargs):
        client = CLIENTS.get(client_id)
        if client is None or not client.is_public:
            return False
        request.client = client
        return True

    def validate_client_id(self, client_id, request, *args, **kwargs):
        client = CLIENTS.get(client_id)
        if client is None:
            return False
        request.client = client
        return True

    # -- authorization request -------------------------------------------------

    def validate_redirect_uri(self, client_id, redirect_uri, request, *args, **kwargs):
        return loopback_redirect_ok(redirect_uri)

    def get_default_redirect_uri(self, client_id, request, *args, **kwargs):
        return None  # redirect_uri is always required

    def validate_response_type(self, client_id, response_type, client, request, *args, **kwargs):
        return response_type == "code"

    def validate_scopes(self, client_id, scopes, client, request, *args, **kwargs):
        return bool(scopes) and all(s in SCOPES for s in scopes)

    def get_default_scopes(self, client_id, request, *args, **kwargs):
        return list(DEFAULT_SCOPES)

    def is_pkce_required(self, client_id, request):
        return True

    def save_authorization_code(self, client_id, code, request, *args, **kwargs):
        with self.lock:
            self.codes[code["code"]] = {
                "client_id": client_id,
                "redirect_uri": request.redirect_uri,
                "scopes": list(request.scopes or DEFAULT_SCOPES),
                "code_challenge": request.code_challenge,
                "code_challenge_method": request.code_challenge_method,
                "expires_at": time.time() + CODE_TTL,
            }

    # -- token request ---------------------------------------------------------

    def validate_grant_type(self, client_id, grant_type, client, request, *args, **kwargs):
        return client is not None and grant_type in client.grant_types

    def _live_code(self, code):
        rec = self.codes.get(code)
        if rec is not None and rec["expires_at"] < time.time():
            del self.codes[code]
            rec = None
        return rec

    def validate_code(self, client_id, code, client, request, *args, **kwargs):
        with self.lock:
            rec = self._live_code(code)
            if rec is None or rec["client_id"] != client_id:
                return False
            request.scopes = list(rec["scopes"])
            request.user = "peer-user"
            return True

    def get_code_challenge(self, code, request):
        with self.lock:
            rec = self.codes.get(code)
            return rec["code_challenge"] if rec else None

    def get_code_challenge_method(self, code, request):
        with self.lock:
            rec = self.codes.get(code)
            return rec["code_challenge_method"] if rec else None

    def confirm_redirect_uri(self, client_id, code, redirect_uri, client, request, *args, **kwargs):
        # RFC 6749 4.1.3: identical to the one in the authorization request
        # (the port included).
        with self.lock:
            rec = self.codes.get(code)
            return rec is not None and rec["redirect_uri"] == redirect_uri

    def invalidate_authorization_code(self, client_id, code, request, *args, **kwargs):
        with self.lock:
            self.codes.pop(code, None)

    def validate_refresh_token(self, refresh_token, client, request, *args, **kwargs):
        with self.lock:
            rec = self.refresh_tokens.get(refresh_token)
            if rec is None or client is None or rec["client_id"] != client.client_id:
                return False
            request.user = "peer-user"
            return True

    def get_original_scopes(self, refresh_token, request, *args, **kwargs):
        with self.lock:
            return list(self.refresh_tokens[refresh_token]["scopes"])

    def rotate_refresh_token(self, request):
        return True

    def save_bearer_token(self, token, request, *args, **kwargs):
        with self.lock:
            grant_type = request.grant_type
            client_id = request.client_id or (request.client and request.client.client_id)
            family = None
            original_scopes = list(request.scopes or [])
            if grant_type == "refresh_token":
                old = self.refresh_tokens.pop(request.refresh_token, None)
                if old is not None:
                    family = old["family"]
                    original_scopes = old["scopes"]
            elif grant_type == "authorization_code":
                family = uuid.uuid4().hex
            self.access_tokens[token["access_token"]] = {
                "client_id": client_id,
                "scopes": list(request.scopes or []),
                "expires_at": time.time() + float(token.get("expires_in", 0)),
                "family": family,
            }
            if token.get("refresh_token"):
                self.refresh_tokens[token["refresh_token"]] = {
                    "client_id": client_id,
                    "scopes": original_scopes,
                    "family": family,
                }
            if grant_type in self.issued:
                self.issued[grant_type] += 1

    # -- resource requests -----------------------------------------------------

    def validate_bearer_token(self, token, scopes, request):
        request.peer_failure = "invalid_token"
        if not token:
            return False
        with self.lock:
            rec = self.access_tokens.get(token)
            if rec is None:
                return False
            if rec["expires_at"] <= time.time():
                del self.access_tokens[token]
                return False
            if scopes and not all(s in rec["scopes"] for s in scopes):
                request.peer_failure = "insufficient_scope"
                return False
            request.peer_failure = None
            request.client = CLIENTS.get(rec["client_id"])
            request.user = "peer-user"
            request.peer_client_id = rec["client_id"]
            request.peer_scopes = list(rec["scopes"])
            return True

    # -- revocation --------------------------------------------------------------

    def revoke_token(self, token, token_type_hint, request, *args, **kwargs):
        client_id = request.client.client_id if request.client else request.client_id
        with self.lock:
            order = ["refresh_token", "access_token"]
            if token_type_hint == "access_token":
                order.reverse()
            for kind in order:
                table = self.refresh_tokens if kind == "refresh_token" else self.access_tokens
                rec = table.get(token)
                if rec is None:
                    continue
                if rec["client_id"] != client_id:
                    return  # not this client's token: leave it alone
                del table[token]
                if kind == "refresh_token" and rec["family"] is not None:
                    # RFC 7009 2.1: also drop access tokens of the same grant.
                    family = rec["family"]
                    for t in [t for t, r in self.access_tokens.items() if r["family"] == family]:
                        del self.access_tokens[t]
                return

    def stats(self):
        with self.lock:
            return dict(self.issued)


class S256OnlyAuthorizationCodeGrant(AuthorizationCodeGrant):
    """oauthlib's authorization-code grant with "plain" PKCE removed, so the
    metadata advertises and the grant accepts only S256 (a request without
    code_challenge_method defaults to "plain" and is therefore rejected)."""

    _code_challenge_methods = {"S256": code_challenge_method_s256}


class PeerServer(AuthorizationEndpoint, TokenEndpoint, ResourceEndpoint, RevocationEndpoint):
    """oauthlib.oauth2.Server, restricted to the grants this peer offers
    (authorization_code, client_credentials, refresh_token)."""

    def __init__(self, validator, ttl):
        self.auth_grant = S256OnlyAuthorizationCodeGrant(validator)
        self.credentials_grant = ClientCredentialsGrant(validator)
        self.refresh_grant = RefreshTokenGrant(validator, issue_new_refresh_tokens=True)
        # A callable, because BearerToken treats a falsy expires_in as 3600.
        self.bearer = BearerToken(validator, expires_in=lambda request: ttl)
        AuthorizationEndpoint.__init__(
            self,
            default_response_type="code",
            response_types={"code": self.auth_grant},
            default_token_type=self.bearer,
        )
        TokenEndpoint.__init__(
            self,
            default_grant_type="authorization_code",
            grant_types={
                "authorization_code": self.auth_grant,
                "client_credentials": self.credentials_grant,
                "refresh_token": self.refresh_grant,
            },
            default_token_type=self.bearer,
        )
        ResourceEndpoint.__init__(self, default_token="Bearer", token_types={"Bearer": self.bearer})
        RevocationEndpoint.__init__(self, validator)


def json_error(error, description=None):
    body = {"error": error}
    if description:
        body["error_description"] = description
    return json.dumps(body)


def json_response(status, obj, extra_headers=None):
    headers = {"Content-Type": "application/json", "Cache-Control": "no-store"}
    headers.update(extra_headers or {})
    return status, headers, obj if isinstance(obj, str) else json.dumps(obj)


def oauth_error_response(e):
    """RFC 6749 5.2 JSON error exactly as oauthlib renders it."""
    headers = {"Content-Type": "application/json", "Cache-Control": "no-store", "Pragma": "no-cache"}
    headers.update(e.headers)
    return e.status_code, headers, e.json


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "oauthlib-peer/1.0"

    # set on the class by main()
    oauth = None
    metadata = None
    validator = None
    lock = None
    base_url = None

    def log_message(self, format, *args):  # noqa: A002 - keep quiet
        pass

    # -- plumbing ----------------------------------------------------------------

    def _read_body(self):
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            chunks = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    break
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
            return b"".join(chunks)
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def _send(self, status, headers, body):
        if body is None:
            body = b""
        elif isinstance(body, str):
            body = body.encode("utf-8")
        self.send_response(status)
        for name, value in (headers or {}).items():
            if name.lower() != "content-length":
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _dispatch(self, method):
        body = self._read_body()
        path = urlsplit(self.path).path
        uri = self.base_url + self.path
        headers = dict(self.headers.items())
        routes = {
            "/token": ("POST", self._token),
            "/revoke": ("POST", self._revoke),
            "/authorize": ("GET", self._authorize),
            "/me": ("GET", self._me),
            "/.well-known/oauth-authorization-server": ("GET", self._metadata),
            "/stats": ("GET", self._stats),
        }
        route = routes.get(path)
        if route is None:
            return self._send(*json_response(404, json_error("not_found")))
        allowed, fn = route
        # /token and /revoke: oauthlib judges the HTTP method itself.
        if allowed == "GET" and method not in ("GET", "HEAD"):
            return self._send(*json_response(405, json_error("method_not_allowed"), {"Allow": "GET"}))
        try:
            with self.lock:  # one oauthlib transaction at a time
                status, out_headers, out_body = fn(uri, method, body, headers)
        except errors.OAuth2Error as e:
            status, out_headers, out_body = oauth_error_response(e)
        except ValueError as e:  # oauthlib: query string not x-www-form-urlencoded
            status, out_headers, out_body = json_response(400, json_error("invalid_request", str(e)))
        except Exception as e:  # noqa: BLE001
            sys.stderr.write("oauthlib_server: %s %s: %r\n" % (method, self.path, e))
            status, out_headers, out_body = json_response(500, json_error("server_error", str(e)))
        self._send(status, out_headers, out_body)

    def do_GET(self):
        self._dispatch("GET")

    def do_HEAD(self):
        self._dispatch("HEAD")

    def do_POST(self):
        self._dispatch("POST")

    def do_PUT(self):
        self._dispatch("PUT")

    def do_DELETE(self):
        self._dispatch("DELETE")

    # -- endpoints: each returns (status, headers, body) -------------------------

    def _token(self, uri, method, body, headers):
        h, b, s = self.oauth.create_token_response(uri, method, body, headers)
        return s, h, b

    def _revoke(self, uri, method, body, headers):
        h, b, s = self.oauth.create_revocation_response(uri, method, body, headers)
        if s != 200 and "Content-Type" not in h:
            h = dict(h, **{"Content-Type": "application/json"})
        return s, h, b

    def _authorize(self, uri, method, body, headers):
        try:
            scopes, _info = self.oauth.validate_authorization_request(uri, method, body, headers)
        except errors.FatalClientError as e:
            # Unknown client / bad or missing redirect_uri: must not redirect
            # (RFC 6749 4.1.2.1), so answer directly.
            return oauth_error_response(e)
        except errors.OAuth2Error as e:
            return 302, {"Location": e.in_uri(e.redirect_uri)}, None
        # Auto-approve with exactly the requested (or default) scopes.
        h, b, s = self.oauth.create_authorization_response(
            uri, method, body, headers, scopes=scopes, credentials={"user": "peer-user"}
        )
        return s, h, b

    def _me(self, uri, method, body, headers):
        valid, request = self.oauth.verify_request(uri, method, body, headers, scopes=["read"])
        if valid:
            return json_response(200, {"client": request.peer_client_id, "scope": " ".join(request.peer_scopes)})
        if getattr(request, "peer_failure", None) == "insufficient_scope":
            return json_response(
                403,
                errors.InsufficientScopeError().json,
                {"WWW-Authenticate": 'Bearer error="insufficient_scope", scope="read"'},
            )
        return json_response(401, errors.InvalidTokenError().json, {"WWW-Authenticate": 'Bearer error="invalid_token"'})

    def _metadata(self, uri, method, body, headers):
        h, b, s = self.metadata.create_metadata_response(uri, method, body, headers)
        return s, h, b

    def _stats(self, uri, method, body, headers):
        return json_response(200, self.validator.stats())


def main():
    parser = argparse.ArgumentParser(description="oauthlib-based OAuth 2.0 test peer")
    parser.add_argument("port", type=int)
    parser.add_argument("--ttl", type=int, default=60, help="access token lifetime in seconds (default 60)")
    args = parser.parse_args()

    httpd = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    httpd.daemon_threads = True
    port = httpd.server_address[1]
    base = "http://127.0.0.1:%d" % port

    lock = threading.RLock()
    validator = MemoryValidator(lock)
    oauth = PeerServer(validator, args.ttl)
    metadata = MetadataEndpoint(
        [oauth],
        claims={
            "issuer": base,
            "authorization_endpoint": base + "/authorize",
            "token_endpoint": base + "/token",
            "revocation_endpoint": base + "/revoke",
            "scopes_supported": list(SCOPES),
            "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post", "none"],
            "revocation_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post", "none"],
        },
    )

    Handler.oauth = oauth
    Handler.metadata = metadata
    Handler.validator = validator
    Handler.lock = lock
    Handler.base_url = base

    if args.port == 0:
        sys.stdout.write("%d\n" % port)
        sys.stdout.flush()

    def exit_on_stdin_eof():
        try:
            sys.stdin.buffer.read()
        finally:
            os._exit(0)

    threading.Thread(target=exit_on_stdin_eof, daemon=True).start()
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    os._exit(0)


if __name__ == "__main__":
    main()
