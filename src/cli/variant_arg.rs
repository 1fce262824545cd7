//! `--variant`, read by clap against the registry's names: `--help` lists them, and an unknown
//! name is refused before any command runs, in one line that names the known ones.

use crate::errors::quote;
use crate::registry::{UnknownVariant, VARIANT_NAMES};
use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use std::ffi::OsStr;

/// The value parser of every `--variant` argument.
#[derive(Clone, Copy, Debug)]
pub struct VariantName;

impl TypedValueParser for VariantName {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        let name = value.to_string_lossy();
        if VARIANT_NAMES.contains(&name.as_ref()) {
            return Ok(name.into_owned());
        }
        let message = format!("{}\n", UnknownVariant(quote(&name, 40)));
        Err(clap::Error::raw(ErrorKind::InvalidValue, message).with_cmd(cmd))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(VARIANT_NAMES.iter().map(PossibleValue::new)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser, Debug)]
    struct Args {
        #[arg(long, value_parser = VariantName)]
        variant: String,
    }

    #[test]
    fn reads_the_registry_names_and_refuses_others() {
        let ok = Args::try_parse_from(["k", "--variant", "cylinder"]);
        assert_eq!(ok.map(|a| a.variant).ok().as_deref(), Some("cylinder"));
        let err = Args::try_parse_from(["k", "--variant", "Chess"]).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidValue);
        let text = err.to_string();
        assert!(text.contains("unknown variant 'Chess'"), "{text}");
        assert!(text.contains("trichess"), "{text}");
    }
}
