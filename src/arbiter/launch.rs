//! Starting an engine: its process, wrapped in the client of the protocol engines.ini names.
//! The one place that knows every client, so that the trait they implement (engine.rs) need
//! not.

use super::config::{EngineConfig, Protocol};
use super::engine::{Client, Fault};
use super::error::LaunchError;
use super::process::EngineProcess;
use super::tri_client;
use super::uci_client::UciClient;
use super::xboard_client::XboardClient;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Starts the engine of `config` and wraps it in its protocol's client.
pub fn launch(
    config: &EngineConfig,
    label: String,
    debug: bool,
    stop: Arc<AtomicBool>,
) -> Result<Box<dyn Client>, LaunchError> {
    let process = EngineProcess::spawn(config, label, debug, stop)?;
    Ok(match config.protocol {
        Protocol::Uci => Box::new(UciClient::uci(process, config.clone())),
        Protocol::Tri => Box::new(tri_client::tri(process, config.clone())),
        Protocol::Xboard => Box::new(XboardClient::new(process, config.clone())),
    })
}

/// The `option name ...` lines the engine of `config` announces when started; None for an
/// XBoard engine, whose options come as features that only some engines send.
pub fn announced_options(
    config: &EngineConfig,
    stop: Arc<AtomicBool>,
) -> Result<Option<Vec<String>>, LaunchError> {
    let process = EngineProcess::spawn(config, config.name.clone(), false, stop)?;
    let client = match config.protocol {
        Protocol::Uci => UciClient::uci(process, config.clone()),
        Protocol::Tri => tri_client::tri(process, config.clone()),
        Protocol::Xboard => return Ok(None),
    };
    client.announced_options().map(Some).map_err(|fault| {
        let why = match fault {
            Fault::Startup(why) | Fault::Refused(why) | Fault::Unsupported(why) => why,
            Fault::Exited => "it exited".to_string(),
            Fault::Timeout | Fault::Hang(_) => "no answer".to_string(),
            Fault::Interrupted => "interrupted".to_string(),
        };
        LaunchError::Handshake {
            name: config.name.clone(),
            why,
        }
    })
}
