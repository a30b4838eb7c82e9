//! The examples of the README, compiled with the crate: a client with a 30 s deadline per call, a tighter deadline for one call, a call without retries and a documented error decoded by its status.
//!
//! `cargo run --example retries` calls the API (with `PETS_API_KEY` set).

use std::time::Duration;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = pets::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()?;
    with_deadline(&client).await?;
    without_retries(&client).await?;
    documented_error(&client).await;
    Ok(())
}

/// A tighter deadline for one call: every attempt and every sleep between
/// attempts fits in 5 seconds.
async fn with_deadline(client: &pets::Client) -> Result<(), pets::Error> {
    let response = client
        .pets()
        .list_pets()
        .timeout(Duration::from_secs(5))
        .send()
        .await?;
    println!("{response:?}");
    Ok(())
}

/// Retries off for one call: exactly one attempt.
async fn without_retries(client: &pets::Client) -> Result<(), pets::Error> {
    let response = client.pets().list_pets().retries(false).send().await?;
    println!("{response:?}");
    Ok(())
}

/// A documented error response, decoded by its status.
async fn documented_error(client: &pets::Client) {
    let result = client.pets().list_pets().send().await;
    if let Err(error) = result {
        let documented = pets::pets::ListPetsError::from_error(&error);
        eprintln!("{error}: {documented:?}");
    }
}
