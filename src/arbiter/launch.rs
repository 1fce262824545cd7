//! Starting an engine: its process, wrapped in the client of the protocol engines.ini names.
//! The one place that knows every client, so that the trait they implement (engine.rs) need
//! not.

use super::config::{EngineConfig, Protocol};
use super::engine::Client;
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
