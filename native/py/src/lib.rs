//! `seedbed._native`: the PyO3 bindings of `seedbed-core`. Every error becomes a Python
//! exception; nothing here panics on input from Python.

use pyo3::prelude::*;

mod batch;
mod bohnanza;
mod codes;
mod compact;
mod drafts;
mod encode;
mod factored;
mod fast;
mod fields_of_green;
mod playout;
mod rng;
mod search;
mod stalk_exchange;
mod stalk_exchange_events;
mod stalk_exchange_menu;
mod state;
mod values;

/// The module seedbed._native.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<rng::Rng>()?;
    m.add_class::<encode::Encoder>()?;
    m.add_class::<batch::Batch>()?;
    m.add_class::<codes::Codes>()?;
    m.add_class::<compact::CompactActions>()?;
    m.add_class::<factored::FactoredActions>()?;
    m.add_class::<bohnanza::BohnanzaZones>()?;
    m.add_function(wrap_pyfunction!(bohnanza::bohnanza_new_state, m)?)?;
    m.add_function(wrap_pyfunction!(bohnanza::bohnanza_new_state_json, m)?)?;
    m.add_function(wrap_pyfunction!(bohnanza::bohnanza_state_from_json, m)?)?;
    m.add_function(wrap_pyfunction!(playout::bohnanza_simulate, m)?)?;
    m.add_function(wrap_pyfunction!(playout::bohnanza_traces, m)?)?;
    m.add_function(wrap_pyfunction!(bohnanza::bohnanza_action_json, m)?)?;
    m.add_function(wrap_pyfunction!(bohnanza::bohnanza_action_code, m)?)?;
    m.add_class::<stalk_exchange::StalkExchangeZones>()?;
    m.add_class::<stalk_exchange_menu::StalkExchangeMenu>()?;
    m.add_function(wrap_pyfunction!(
        stalk_exchange::stalk_exchange_new_state,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(
        stalk_exchange::stalk_exchange_state_from_json,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(
        stalk_exchange::stalk_exchange_simulate,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(stalk_exchange::stalk_exchange_traces, m)?)?;
    m.add_class::<fields_of_green::FieldsOfGreenConfig>()?;
    m.add_class::<fields_of_green::FieldsOfGreenZones>()?;
    m.add_function(wrap_pyfunction!(
        fields_of_green::fields_of_green_config,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(
        fields_of_green::fields_of_green_new_state,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(
        fields_of_green::fields_of_green_state_from_json,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(
        fields_of_green::fields_of_green_simulate,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(
        fields_of_green::fields_of_green_traces,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(search::ismcts_search, m)?)?;
    m.add_function(wrap_pyfunction!(search::search_polite, m)?)?;
    m.add_function(wrap_pyfunction!(search::search_evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(search::search_greedy, m)?)?;
    m.add_function(wrap_pyfunction!(search::python_sum, m)?)?;
    m.add_function(wrap_pyfunction!(search::rollout_samples, m)?)?;
    Ok(())
}
