//! The web board's HTTP side: tiny_http on 127.0.0.1 only, a thread per request (searches
//! block only their own request), the page's files embedded in the binary, and the checks that
//! keep other hosts and other sites' pages out.

use super::api::{HttpReply, Lobby};
use std::io::Read;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use thiserror::Error;

/// The largest request body read; a move or a FEN is far smaller.
pub const MAX_BODY: usize = 64 * 1024;
/// Requests handled at once; more are turned away until some finish.
const MAX_REQUESTS: usize = 64;

const INDEX_HTML: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const STYLE_CSS: &str = include_str!("assets/style.css");

/// The page's files.
fn asset(path: &str) -> Option<HttpReply> {
    let (content_type, body) = match path {
        "/" | "/index.html" => ("text/html; charset=utf-8", INDEX_HTML),
        "/app.js" => ("text/javascript; charset=utf-8", APP_JS),
        "/style.css" => ("text/css; charset=utf-8", STYLE_CSS),
        _ => return None,
    };
    Some(HttpReply {
        status: 200,
        content_type,
        body: body.as_bytes().to_vec(),
    })
}

/// Why the server could not start.
#[derive(Debug, Error)]
pub enum BindError {
    #[error("cannot listen on 127.0.0.1:{port}: {reason}")]
    Listen { port: u16, reason: String },
    #[error("the server has no IP address")]
    NoAddress,
}

/// The server, bound and ready; `run` serves until the process ends.
pub struct WebBoard {
    server: Arc<tiny_http::Server>,
    port: u16,
    lobby: Arc<Lobby>,
}

impl WebBoard {
    /// Binds 127.0.0.1:`port` (0: any free port).
    pub fn bind(port: u16) -> Result<WebBoard, BindError> {
        let server =
            tiny_http::Server::http(("127.0.0.1", port)).map_err(|e| BindError::Listen {
                port,
                reason: e.to_string(),
            })?;
        let port = server
            .server_addr()
            .to_ip()
            .map(|a| a.port())
            .ok_or(BindError::NoAddress)?;
        Ok(WebBoard {
            server: Arc::new(server),
            port,
            lobby: Arc::new(Lobby::new()),
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }

    /// Serves requests until the process ends.
    pub fn run(&self) {
        let active = Arc::new(AtomicUsize::new(0));
        for request in self.server.incoming_requests() {
            if active.load(Ordering::SeqCst) >= MAX_REQUESTS {
                respond(request, HttpReply::error(503, "too many requests at once"));
                continue;
            }
            active.fetch_add(1, Ordering::SeqCst);
            let lobby = Arc::clone(&self.lobby);
            let active = Arc::clone(&active);
            let port = self.port;
            let spawned = std::thread::Builder::new()
                .name("gui-request".into())
                .spawn(move || {
                    handle(&lobby, port, request);
                    active.fetch_sub(1, Ordering::SeqCst);
                });
            if let Err(e) = spawned {
                log::error!("cannot start a request thread: {e}");
            }
        }
    }
}

fn header<'r>(request: &'r tiny_http::Request, name: &str) -> Option<&'r str> {
    request
        .headers()
        .iter()
        .find(|h| h.field.as_str().as_str().eq_ignore_ascii_case(name))
        .map(|h| h.value.as_str())
}

/// Whether the request is for this server by a name of the loopback address: a page of another
/// site that a DNS name points here (DNS rebinding) sends its own host name and is refused.
fn host_allowed(host: Option<&str>, port: u16) -> bool {
    host.is_some_and(|h| h == format!("127.0.0.1:{port}") || h == format!("localhost:{port}"))
}

/// Whether a request's Origin, when it has one, is this page: other sites' pages may not play.
fn origin_allowed(origin: Option<&str>, port: u16) -> bool {
    origin.is_none_or(|o| {
        o == format!("http://127.0.0.1:{port}") || o == format!("http://localhost:{port}")
    })
}

fn handle(lobby: &Lobby, port: u16, mut request: tiny_http::Request) {
    let method = request.method().as_str().to_string();
    let path = request.url().to_string();
    if !host_allowed(header(&request, "Host"), port) {
        return respond(
            request,
            HttpReply::error(403, "only 127.0.0.1 and localhost are served"),
        );
    }
    if !origin_allowed(header(&request, "Origin"), port) {
        return respond(
            request,
            HttpReply::error(403, "requests from other sites are refused"),
        );
    }
    if method == "GET" || method == "HEAD" {
        if let Some(reply) = asset(path.split('?').next().unwrap_or("")) {
            return respond(request, reply);
        }
    }
    if !path.starts_with("/api/") {
        return respond(request, HttpReply::error(404, "no such page"));
    }
    if request.body_length().is_some_and(|n| n > MAX_BODY) {
        return respond(
            request,
            HttpReply::error(413, format!("the body is larger than {MAX_BODY} bytes")),
        );
    }
    let mut body = Vec::new();
    let read = request
        .as_reader()
        .take(MAX_BODY as u64 + 1)
        .read_to_end(&mut body);
    if let Err(e) = read {
        return respond(
            request,
            HttpReply::error(400, format!("cannot read the body: {e}")),
        );
    }
    if body.len() > MAX_BODY {
        return respond(
            request,
            HttpReply::error(413, format!("the body is larger than {MAX_BODY} bytes")),
        );
    }
    // A page posts JSON; a form or a text/plain post of another site (which needs no CORS
    // preflight) is refused.
    if method == "POST"
        && !header(&request, "Content-Type").is_some_and(|t| t.starts_with("application/json"))
    {
        return respond(
            request,
            HttpReply::error(415, "POST bodies must be sent as application/json"),
        );
    }
    let reply = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        lobby.handle(&method, &path, &body)
    }))
    .unwrap_or_else(|_| HttpReply::error(500, "internal error (logged on the server's stderr)"));
    respond(request, reply);
}

fn respond(request: tiny_http::Request, reply: HttpReply) {
    let mut response = tiny_http::Response::from_data(reply.body).with_status_code(reply.status);
    for (name, value) in [
        ("Content-Type", reply.content_type),
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
    ] {
        if let Ok(h) = tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()) {
            response.add_header(h);
        }
    }
    if let Err(e) = request.respond(response) {
        log::debug!("the page went away before its reply: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_names_and_this_port() {
        assert!(host_allowed(Some("127.0.0.1:8080"), 8080));
        assert!(host_allowed(Some("localhost:8080"), 8080));
        assert!(!host_allowed(Some("evil.example:8080"), 8080));
        assert!(!host_allowed(Some("127.0.0.1:8081"), 8080));
        assert!(!host_allowed(None, 8080));
        assert!(origin_allowed(None, 8080));
        assert!(origin_allowed(Some("http://localhost:8080"), 8080));
        assert!(!origin_allowed(Some("http://evil.example"), 8080));
    }
}
