//! The web board's JSON API over real HTTP: a server on a free port of 127.0.0.1, raw requests
//! from a socket. Bad requests of every kind get a 4xx with a JSON message and the server
//! carries on; a game can be played through the API in every variant.

use kaleido::game::Game;
use kaleido::gui::WebBoard;
use kaleido::registry::VARIANT_NAMES;
use kaleido::variants::chess::Chess;
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::OnceLock;
use std::time::Duration;

/// One server for the whole test binary.
fn port() -> u16 {
    static PORT: OnceLock<u16> = OnceLock::new();
    *PORT.get_or_init(|| {
        let board = WebBoard::bind(0).expect("bind a free port");
        let port = board.port();
        std::thread::spawn(move || board.run());
        port
    })
}

struct Answer {
    status: u16,
    body: String,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
    fn error(&self) -> String {
        self.json()["error"].as_str().unwrap_or("").to_string()
    }
}

/// Sends raw `head` lines (after the request line) and `body`; reads the whole answer.
fn raw(method: &str, path: &str, head: &[String], body: &[u8]) -> Answer {
    let mut stream = TcpStream::connect(("127.0.0.1", port())).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut request = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    for line in head {
        request.push_str(line);
        request.push_str("\r\n");
    }
    request.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    stream.write_all(request.as_bytes()).unwrap();
    // The server may answer (413) before reading a huge body and close; that is fine.
    let _ = stream.write_all(body);
    let mut reply = Vec::new();
    let _ = stream.read_to_end(&mut reply);
    let text = String::from_utf8_lossy(&reply).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {text:?}"));
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let body = if chunked {
        dechunk(body)
    } else {
        body.to_string()
    };
    Answer { status, body }
}

/// The body of a chunked answer (large answers come so): hex size line, data, CRLF, until 0.
fn dechunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).expect("chunk size");
        if size == 0 {
            break;
        }
        out.push_str(&after[..size]);
        rest = &after[size + 2..];
    }
    out
}

fn host() -> String {
    format!("Host: 127.0.0.1:{}", port())
}

fn get(path: &str) -> Answer {
    raw("GET", path, &[host()], b"")
}

/// A POST; "busy" answers (503: the server runs two searches at once, and these tests run in
/// parallel) are retried.
fn post(path: &str, body: &str) -> Answer {
    loop {
        let answer = raw(
            "POST",
            path,
            &[host(), "Content-Type: application/json".into()],
            body.as_bytes(),
        );
        if answer.status != 503 {
            return answer;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn new_game(variant: &str, seats: Value) -> Value {
    let answer = post(
        "/api/game",
        &json!({"variant": variant, "seats": seats}).to_string(),
    );
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.json()
}

fn assert_client_error(answer: &Answer, status: u16, words: &str) {
    assert_eq!(answer.status, status, "{}", answer.body);
    let message = answer.error();
    assert!(
        message.contains(words),
        "error {message:?} should mention {words:?}"
    );
}

#[test]
fn the_page_and_its_files_are_served() {
    let page = get("/");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<script src=\"/app.js\">"));
    assert_eq!(get("/app.js").status, 200);
    assert_eq!(get("/style.css").status, 200);
    assert_client_error(&get("/nothing-here"), 404, "no such page");
    let variants = get("/api/variants").json();
    let names: Vec<&str> = variants["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, VARIANT_NAMES);
    let trichess = &variants["variants"][5];
    assert_eq!(trichess["board"]["shape"], "hex");
    assert_eq!(trichess["board"]["cells"].as_array().unwrap().len(), 169);
    assert_eq!(trichess["seats"].as_array().unwrap().len(), 3);
    // The page names trichess's seats by the colours it draws their men in.
    let colours: Vec<&str> = trichess["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["colour_name"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(colours, ["ivory", "orange", "black"]);
    let game = new_game("trichess", json!([]));
    assert_eq!(game["seats"][1]["colour_name"], "orange");
}

#[test]
fn malformed_requests_get_a_message() {
    assert_client_error(
        &post("/api/game", "{\"variant\": "),
        400,
        "bad request body",
    );
    assert_client_error(&post("/api/game", "[1, 2]"), 400, "bad request body");
    assert_client_error(&post("/api/game", ""), 400, "bad request body");
    assert_client_error(
        &post("/api/game", "{\"variant\": \"chess\", \"colour\": 1}"),
        400,
        "unknown field",
    );
    let bad_utf8 = raw(
        "POST",
        "/api/game",
        &[host(), "Content-Type: application/json".into()],
        &[0xff, 0xfe, b'{'],
    );
    assert_client_error(&bad_utf8, 400, "not UTF-8");
    assert_client_error(
        &post("/api/game", r#"{"variant": "xiangqi"}"#),
        400,
        "unknown variant 'xiangqi'",
    );
    assert_client_error(
        &post("/api/game", r#"{"variant": "chess", "fen": "not a fen"}"#),
        400,
        "bad position",
    );
    assert_client_error(
        &post(
            "/api/game",
            r#"{"variant": "chess", "seats": [{"kind": "kaleido", "level": 99}]}"#,
        ),
        400,
        "levels are 1 to 7",
    );
    assert_client_error(
        &post(
            "/api/game",
            r#"{"variant": "chess", "seats": [{"kind":"human"},{"kind":"human"},{"kind":"human"}]}"#,
        ),
        400,
        "2 seats",
    );
    assert_client_error(
        &post(
            "/api/game",
            r#"{"variant": "chess", "seats": [{"kind": "robot"}]}"#,
        ),
        400,
        "unknown variant `robot`",
    );
}

#[test]
fn unknown_games_paths_and_methods() {
    assert_client_error(&get("/api/game/123456789"), 404, "no game '123456789'");
    assert_client_error(&get("/api/game/abc"), 404, "no game 'abc'");
    assert_client_error(
        &post("/api/game/77777/move", r#"{"move":"e2e4"}"#),
        404,
        "no game",
    );
    assert_client_error(&post("/api/game/77777/engine", "{}"), 404, "no game");
    assert_client_error(&get("/api/game/77777/pgn"), 404, "no game");
    assert_client_error(&get("/api/nothing"), 404, "no such API path");
    assert_client_error(
        &raw("DELETE", "/api/game", &[host()], b""),
        405,
        "not allowed",
    );
    assert_client_error(&get("/api/game"), 405, "not allowed");
}

#[test]
fn huge_bodies_are_refused() {
    let huge = format!("{{\"move\": \"{}\"}}", "e".repeat(200_000));
    assert_client_error(&post("/api/game", &huge), 413, "larger than");
    // The server still answers afterwards.
    assert_eq!(get("/api/variants").status, 200);
}

#[test]
fn other_hosts_sites_and_content_types_are_refused() {
    let evil_host = raw("GET", "/api/variants", &["Host: evil.example".into()], b"");
    assert_client_error(&evil_host, 403, "only 127.0.0.1 and localhost");
    let no_host = raw("GET", "/api/variants", &[], b"");
    assert_eq!(no_host.status, 403);
    let cross_site = raw(
        "POST",
        "/api/game",
        &[
            host(),
            "Origin: http://evil.example".into(),
            "Content-Type: application/json".into(),
        ],
        br#"{"variant":"chess"}"#,
    );
    assert_client_error(&cross_site, 403, "other sites");
    let form = raw(
        "POST",
        "/api/game",
        &[host(), "Content-Type: text/plain".into()],
        br#"{"variant":"chess"}"#,
    );
    assert_client_error(&form, 415, "application/json");
    let localhost = raw(
        "GET",
        "/api/variants",
        &[format!("Host: localhost:{}", port())],
        b"",
    );
    assert_eq!(localhost.status, 200);
}

#[test]
fn illegal_and_garbled_moves_are_refused_and_change_nothing() {
    let game = new_game("chess", json!([]));
    let id = game["id"].as_str().unwrap();
    let path = format!("/api/game/{id}/move");
    assert_client_error(&post(&path, r#"{"move": "e2e5"}"#), 400, "e2e5");
    assert_client_error(&post(&path, r#"{"move": "zz"}"#), 400, "zz");
    assert_client_error(&post(&path, r#"{"move": ""}"#), 400, "");
    assert_client_error(&post(&path, r#"{"mv": "e2e4"}"#), 400, "bad request body");
    assert_client_error(&post(&path, r#"{"move": 42}"#), 400, "bad request body");
    let state = get(&format!("/api/game/{id}")).json();
    assert_eq!(state["fen"], game["fen"]);
    assert_eq!(state["history"].as_array().unwrap().len(), 0);
    assert_client_error(
        &post(&format!("/api/game/{id}/undo"), "{}"),
        400,
        "no move to take back",
    );
    assert_client_error(
        &post(&format!("/api/game/{id}/engine"), r#"{"level": 0}"#),
        400,
        "out of range",
    );
    assert_client_error(
        &post(&format!("/api/game/{id}/stop"), ""),
        400,
        "not thinking",
    );
}

#[test]
fn a_chess_game_through_the_api() {
    let game = new_game(
        "chess",
        json!([{"kind": "human"}, {"kind": "kaleido", "level": 1}]),
    );
    let id = game["id"].as_str().unwrap();
    assert_eq!(game["moves"].as_array().unwrap().len(), 20);
    assert_eq!(game["seats"][1]["kind"], "kaleido");
    let state = post(&format!("/api/game/{id}/move"), r#"{"move": "e2e4"}"#).json();
    assert_eq!(state["history"][0]["san"], "e4");
    assert_eq!(state["side"], 1);
    let state = post(&format!("/api/game/{id}/engine"), "").json();
    assert_eq!(state["history"].as_array().unwrap().len(), 2);
    let report = &state["engine"];
    assert_eq!(report["level"], 1);
    assert!(report["pv"].as_array().is_some_and(|pv| !pv.is_empty()));
    assert!(report["score"].as_str().is_some());
    // Undo back to the person's turn takes back kaleido's reply and the person's move.
    let state = post(&format!("/api/game/{id}/undo"), r#"{"to_human": true}"#).json();
    assert_eq!(state["history"].as_array().unwrap().len(), 0);
    post(&format!("/api/game/{id}/move"), r#"{"move": "d2d4"}"#);
    let pgn = get(&format!("/api/game/{id}/pgn"));
    assert_eq!(pgn.status, 200);
    assert!(pgn.body.contains("[Black \"kaleido 800\"]"), "{}", pgn.body);
    assert!(pgn.body.contains("\n1. d4 *\n"), "{}", pgn.body);
    let annotator = format!("[Annotator \"{}\"]", kaleido::version::engine_name());
    assert!(pgn.body.contains(&annotator), "{}", pgn.body);
}

#[test]
fn fools_mate_ends_the_game_and_moves_stop() {
    let game = new_game("chess", json!([]));
    let id = game["id"].as_str().unwrap();
    for mv in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        let answer = post(
            &format!("/api/game/{id}/move"),
            &json!({"move": mv}).to_string(),
        );
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    let state = get(&format!("/api/game/{id}")).json();
    assert_eq!(state["outcome"]["result"], "0-1");
    assert_eq!(state["moves"].as_array().unwrap().len(), 0);
    assert_eq!(state["history"][3]["san"], "Qh4#");
    assert_eq!(state["check"], json!(["e1"]));
    assert_client_error(
        &post(&format!("/api/game/{id}/move"), r#"{"move": "a2a3"}"#),
        400,
        "over",
    );
    assert_client_error(&post(&format!("/api/game/{id}/engine"), "{}"), 400, "over");
    assert!(get(&format!("/api/game/{id}/pgn")).body.contains("0-1"));
}

/// In every variant: the first legal move from the state plays, and kaleido answers.
#[test]
fn every_variant_plays_a_move_and_kaleido_answers() {
    for &variant in VARIANT_NAMES {
        let game = new_game(variant, json!([]));
        let id = game["id"].as_str().unwrap();
        let moves = game["moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "{variant}: no moves");
        for m in moves {
            assert!(
                !m["gestures"].as_array().unwrap().is_empty(),
                "{variant}: {m}"
            );
        }
        let token = moves[0]["token"].as_str().unwrap();
        let answer = post(
            &format!("/api/game/{id}/move"),
            &json!({ "move": token }).to_string(),
        );
        assert_eq!(answer.status, 200, "{variant}: {}", answer.body);
        let state = post(&format!("/api/game/{id}/engine"), r#"{"level": 1}"#).json();
        let plies = state["history"].as_array().unwrap().len();
        assert!(plies >= 2, "{variant}: kaleido did not move: {state}");
        let players = state["seats"].as_array().unwrap().len();
        let scores = state["engine"]["player_scores"].as_array().unwrap().len();
        assert_eq!(scores, if players > 2 { players } else { 0 }, "{variant}");
        let men = state["men"].as_array().unwrap();
        assert!(men.len() >= 30, "{variant}: {} men", men.len());
        assert!(get(&format!("/api/game/{id}/pgn"))
            .body
            .contains(&format!("[Variant \"{variant}\"]")));
    }
}

/// Garbage of every shape at every endpoint: only 4xx answers, and the server lives on.
#[test]
fn garbage_never_breaks_the_server() {
    let game = new_game("spinchess", json!([]));
    let id = game["id"].as_str().unwrap();
    let bodies = [
        "",
        "null",
        "{}",
        "[]",
        "\"text\"",
        "{\"move\": null}",
        "{\"move\": \"e2e4,e7e5,d2d4\"}",
        "{\"move\": \"a1cw\"}",
        "{\"move\": \"\u{0}\u{1}\"}",
        "{\"move\": \"e2e4\u{301}\"}",
        "{\"level\": -1}",
        "{\"level\": 1e99}",
        "{\"to_human\": \"yes\"}",
        "{\"variant\": \"trichess\", \"fen\": \"\"}",
        "{\"variant\": \"trichess\", \"fen\": \"x/x/x a - 0 1\"}",
        "{{{{{{{{{{{{{{{{{{{{{{{{{{{{",
    ];
    let paths = [
        "/api/game".to_string(),
        format!("/api/game/{id}/move"),
        format!("/api/game/{id}/undo"),
        format!("/api/game/{id}/engine"),
        format!("/api/game/{id}/search"),
        format!("/api/game/{id}/../../etc/passwd"),
        "/api/game/%00/move".to_string(),
    ];
    for path in &paths {
        for body in bodies {
            let answer = post(path, body);
            assert!(
                answer.status < 500,
                "{path} {body:?}: {} {}",
                answer.status,
                answer.body
            );
            if answer.status >= 400 {
                assert!(!answer.error().is_empty(), "{path} {body:?}: no message");
            }
        }
    }
    assert_eq!(get("/api/variants").status, 200);
}

/// With kaleido in every seat, "undo back to a person's turn" takes back one ply, not the game.
#[test]
fn undo_without_people_takes_back_one_ply() {
    let seats = json!([{"kind": "kaleido", "level": 1}, {"kind": "kaleido", "level": 1}]);
    let game = new_game("doublemove", seats);
    let id = game["id"].as_str().unwrap();
    for _ in 0..2 {
        let answer = post(&format!("/api/game/{id}/engine"), "{}");
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    // White's one-move turn, then Black's two.
    let plies = |state: &Value| state["history"].as_array().unwrap().len();
    assert_eq!(plies(&get(&format!("/api/game/{id}")).json()), 3);
    let state = post(&format!("/api/game/{id}/undo"), r#"{"to_human": true}"#).json();
    assert_eq!(plies(&state), 2);
    assert_eq!(
        state["turn_boundary"], false,
        "Black is between its sub-moves"
    );
    assert!(
        state["engine"].is_null(),
        "the report of an undone search goes"
    );
}

#[test]
fn a_port_in_use_is_a_clear_error() {
    match WebBoard::bind(port()) {
        Ok(_) => panic!("a second server bound the same port"),
        Err(error) => {
            let message = error.to_string();
            assert!(message.contains("cannot listen on 127.0.0.1:"), "{message}");
        }
    }
}

/// Positions no variant can read are refused with a message, in every variant.
#[test]
fn nasty_positions_are_refused_in_every_variant() {
    let fens = [
        "99999999999999999999/8/8/8/8/8/8/8 w - - 0 1",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
        "/////////////// a - 0 1",
        "w",
        "\u{0}\u{7f}",
        "kkkkkkkk/KKKKKKKK/8/8/8/8/8/8 w - - 0 1",
    ];
    for &variant in VARIANT_NAMES {
        for fen in fens {
            let body = json!({"variant": variant, "fen": fen}).to_string();
            let answer = post("/api/game", &body);
            assert_eq!(answer.status, 400, "{variant} {fen:?}: {}", answer.body);
            assert!(
                answer.error().starts_with("bad position"),
                "{}",
                answer.body
            );
        }
        let long = json!({"variant": variant, "fen": "1".repeat(60_000)}).to_string();
        assert_eq!(
            post("/api/game", &long).status,
            400,
            "{variant}: a long FEN"
        );
    }
}

/// While kaleido thinks, `GET /api/game/ID/search` shows its last completed depth (score,
/// nodes, principal variation; every player's share in trichess); `stop` then plays the best
/// move so far and the search reads as over.
#[test]
fn a_running_search_can_be_watched() {
    for (variant, players) in [("chess", 2), ("trichess", 3)] {
        let game = new_game(variant, json!([]));
        let id = game["id"].as_str().unwrap().to_string();
        let watch = format!("/api/game/{id}/search");
        assert_eq!(get(&watch).json(), json!({"thinking": false}), "{variant}");
        // Full strength searches long enough to be watched, and is stopped early.
        let engine = {
            let path = format!("/api/game/{id}/engine");
            std::thread::spawn(move || post(&path, r#"{"level": 7}"#))
        };
        let mut seen = None;
        for _ in 0..3000 {
            let progress = get(&watch).json();
            if progress["info"]["nodes"].as_u64().is_some_and(|n| n > 0) {
                seen = Some(progress);
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let progress = seen.unwrap_or_else(|| panic!("{variant}: no search progress was shown"));
        assert_eq!(progress["thinking"], true, "{progress}");
        assert_eq!(progress["level"], 7, "{progress}");
        assert_eq!(progress["mover"], 0, "{progress}");
        assert!(progress["elapsed_ms"].as_u64().is_some(), "{progress}");
        let info = &progress["info"];
        assert!(info["depth"].as_i64().is_some_and(|d| d >= 1), "{info}");
        assert!(info["score"].as_str().is_some(), "{info}");
        assert!(
            info["pv"].as_array().is_some_and(|pv| !pv.is_empty()),
            "{info}"
        );
        let shares = info["shares"].as_array().unwrap().len();
        assert_eq!(shares, if players > 2 { players } else { 0 }, "{info}");
        // Two players get the mover's win, draw and loss chances instead, in per mille.
        match info["wdl"].as_array() {
            Some(wdl) => {
                assert_eq!(players, 2, "{info}");
                let sum: u64 = wdl.iter().map(|v| v.as_u64().unwrap()).sum();
                assert_eq!((wdl.len(), sum), (3, 1000), "{info}");
            }
            None => assert!(players > 2 && info["wdl"].is_null(), "{info}"),
        }
        // Stopping may come after the search ended by itself; either way it has moved.
        let _ = post(&format!("/api/game/{id}/stop"), "");
        let answer = engine.join().unwrap();
        assert_eq!(answer.status, 200, "{variant}: {}", answer.body);
        let state = answer.json();
        assert_eq!(state["history"].as_array().unwrap().len(), 1, "{variant}");
        assert_eq!(
            state["engine"]["shares"].as_array().unwrap().len(),
            shares,
            "{variant}"
        );
        assert_eq!(state["engine"]["wdl"].is_array(), players == 2, "{variant}");
        assert_eq!(get(&watch).json(), json!({"thinking": false}), "{variant}");
    }
    assert_client_error(&get("/api/game/88888/search"), 404, "no game");
    assert_client_error(&post("/api/game/88888/search", "{}"), 405, "not allowed");
}

/// A new game of `variant` from `start` (the API's `start` field), as the server answers it.
fn start_game(variant: &str, start: Value) -> Answer {
    post(
        "/api/game",
        &json!({"variant": variant, "start": start}).to_string(),
    )
}

/// The legal move whose token is `token`, from a state.
fn legal_move<'a>(state: &'a Value, token: &str) -> &'a Value {
    state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["token"] == token)
        .unwrap_or_else(|| panic!("{token} is not among the legal moves: {}", state["moves"]))
}

fn step(from: &str, to: &str) -> Value {
    json!({"kind": "step", "from": from, "to": to})
}

#[test]
fn the_variants_say_which_have_shuffled_starts() {
    let variants = get("/api/variants").json();
    for variant in variants["variants"].as_array().unwrap() {
        let name = variant["name"].as_str().unwrap();
        let expected = name != "gigachess" && name != "trichess";
        assert_eq!(variant["shuffled_starts"], expected, "{name}");
    }
}

#[test]
fn a_chess960_game_by_number_castles_by_the_king_onto_its_rook() {
    // Start 746 is RKNNBBQR: with both knights out, O-O-O takes the king from b1 to c1 and the
    // rook from a1 to d1, and b1c1 is also the king's ordinary step.
    let answer = start_game("chess", json!({"chess960": 746}));
    assert_eq!(answer.status, 201, "{}", answer.body);
    let game = answer.json();
    let expected = Chess::shuffled_start(746, 746).unwrap().fen();
    assert_eq!(game["fen"], expected.as_str());
    assert_eq!(game["start_fen"], expected.as_str());
    assert_eq!(
        game["start"],
        json!({"white": 746, "black": 746, "name": "Chess960 #746"})
    );
    let id = game["id"].as_str().unwrap();
    let path = format!("/api/game/{id}/move");
    let mut state = game.clone();
    for token in ["d1e3", "a7a6", "c1d3", "h7h6"] {
        state = post(&path, &json!({ "move": token }).to_string()).json();
        assert!(state["error"].is_null(), "{token}: {state}");
    }
    // Castling is written king-takes-rook and picked by putting the king onto its rook; the
    // king's step to c1 stays the ordinary move, so castling has no other form.
    let castle = legal_move(&state, "b1a1");
    assert_eq!(castle["gestures"], json!([step("b1", "a1")]));
    assert_eq!(castle["other_gestures"], json!([]));
    assert_eq!(
        legal_move(&state, "b1c1")["gestures"],
        json!([step("b1", "c1")])
    );
    let state = post(&path, r#"{"move": "b1a1"}"#).json();
    assert_eq!(state["history"][4]["san"], "O-O-O", "{state}");
    assert_eq!(state["history"][4]["token"], "b1a1");
    assert!(
        state["fen"]
            .as_str()
            .unwrap()
            .starts_with("rknnbbqr/1pppppp1/p6p/8/8/3NN3/PPPPPPPP/2KRBBQR b kq - "),
        "{}",
        state["fen"]
    );
    // The PGN tags the game as Chess960, from its start in X-FEN.
    let pgn = get(&format!("/api/game/{id}/pgn")).body;
    for tag in [
        "[Variant \"Chess960\"]".to_string(),
        "[SetUp \"1\"]".to_string(),
        format!("[FEN \"{expected}\"]"),
    ] {
        assert!(pgn.contains(&tag), "{tag} missing:\n{pgn}");
    }
    assert!(pgn.contains("3. O-O-O *"), "{pgn}");
}

#[test]
fn classical_castling_is_the_king_onto_its_rook_or_its_two_square_step() {
    let answer = post(
        "/api/game",
        r#"{"variant": "chess", "fen": "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}"#,
    );
    let game = answer.json();
    assert!(game["start"].is_null());
    let castle = legal_move(&game, "e1g1");
    assert_eq!(castle["gestures"], json!([step("e1", "h1")]));
    assert_eq!(castle["other_gestures"], json!([[step("e1", "g1")]]));
    assert_eq!(legal_move(&game, "e1d1")["other_gestures"], json!([]));
    let id = game["id"].as_str().unwrap();
    let state = post(&format!("/api/game/{id}/move"), r#"{"move": "e1c1"}"#).json();
    assert_eq!(state["history"][0]["san"], "O-O-O");
    assert_eq!(state["fen"], "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
    let pgn = get(&format!("/api/game/{id}/pgn")).body;
    assert!(pgn.contains("[Variant \"chess\"]"), "{pgn}");
}

#[test]
fn double_shuffled_and_random_starts() {
    let game = start_game("chess", json!({"shuffled": [0, 959]})).json();
    let expected = Chess::shuffled_start(0, 959).unwrap().fen();
    assert_eq!(game["fen"], expected.as_str());
    assert_eq!(
        game["start"]["name"],
        "Double-shuffled: White #0, Black #959"
    );
    let random = start_game("chess", json!("random960")).json();
    let number = random["start"]["white"].as_u64().unwrap();
    assert_eq!(random["start"]["black"].as_u64(), Some(number));
    let expected = Chess::shuffled_start(number as u16, number as u16).unwrap();
    assert_eq!(random["fen"], expected.fen().as_str());
    let random = start_game("chess", json!("random_shuffled")).json();
    assert_ne!(random["start"]["white"], random["start"]["black"]);
    let standard = start_game("chess", json!("standard")).json();
    assert!(standard["start"].is_null());
    assert_eq!(standard["fen"], Chess::startpos().fen().as_str());
    // The other 8x8 games start shuffled too, and keep their own Variant tag.
    for variant in ["cylinder", "spinchess", "doublemove"] {
        let answer = start_game(variant, json!({"chess960": 0}));
        assert_eq!(answer.status, 201, "{variant}: {}", answer.body);
        let game = answer.json();
        assert_eq!(game["start"]["name"], "Chess960 #0", "{variant}");
        let pgn = get(&format!("/api/game/{}/pgn", game["id"].as_str().unwrap())).body;
        assert!(pgn.contains(&format!("[Variant \"{variant}\"]")), "{pgn}");
        assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
    }
}

#[test]
fn bad_shuffled_starts_are_refused() {
    let refused = |variant: &str, start: Value, words: &str| {
        let answer = start_game(variant, start.clone());
        assert_client_error(&answer, 400, words);
        assert_eq!(answer.json()["kind"], "bad_start", "{start}");
    };
    refused("chess", json!({"chess960": 960}), "0 to 959");
    refused("chess", json!({"chess960": -1}), "no shuffled start -1");
    refused(
        "spinchess",
        json!({"shuffled": [3, 4000]}),
        "no shuffled start 4000",
    );
    refused(
        "gigachess",
        json!({"chess960": 518}),
        "gigachess has no shuffled starts",
    );
    refused(
        "trichess",
        json!("random960"),
        "trichess has no shuffled starts",
    );
    refused("gigachess", json!("random_shuffled"), "chess, cylinder");
    let both = post(
        "/api/game",
        &json!({"variant": "chess", "fen": Chess::startpos().fen(), "start": {"chess960": 1}})
            .to_string(),
    );
    assert_client_error(&both, 400, "not both");
    assert_client_error(
        &start_game("chess", json!("chess960")),
        400,
        "bad request body",
    );
    assert_client_error(
        &start_game("chess", json!({"chess960": 1.5})),
        400,
        "bad request body",
    );
}

#[test]
fn a_king_that_castles_in_place_or_far_is_put_onto_its_rook() {
    // King g1 between rooks a1 and h1: O-O leaves the king on g1 (only the rook moves), so
    // castling has no step of its own; O-O-O takes it four files to c1, a step no other move
    // makes, so that step is offered too. Rooks off the corners' king make the FEN Chess960.
    let answer = post(
        "/api/game",
        r#"{"variant": "chess", "fen": "r5kr/8/8/8/8/8/8/R5KR w KQkq - 0 1"}"#,
    );
    assert_eq!(answer.status, 201, "{}", answer.body);
    let game = answer.json();
    let short = legal_move(&game, "g1h1");
    assert_eq!(short["gestures"], json!([step("g1", "h1")]));
    assert_eq!(short["other_gestures"], json!([]));
    let long = legal_move(&game, "g1a1");
    assert_eq!(long["gestures"], json!([step("g1", "a1")]));
    assert_eq!(long["other_gestures"], json!([[step("g1", "c1")]]));
    let id = game["id"].as_str().unwrap();
    let state = post(&format!("/api/game/{id}/move"), r#"{"move": "g1h1"}"#).json();
    assert_eq!(state["history"][0]["san"], "O-O");
    assert_eq!(state["fen"], "r5kr/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    let pgn = get(&format!("/api/game/{id}/pgn")).body;
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    assert!(
        pgn.contains("[FEN \"r5kr/8/8/8/8/8/8/R5KR w KQkq - 0 1\"]"),
        "{pgn}"
    );
}
