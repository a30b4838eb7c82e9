//! The examples of the README, compiled with the crate: a client with a 30 s deadline per call, a caller-derived idempotency key, a tighter deadline for one call, a call without retries, every item of a list, page after page and a documented error decoded by its status.
//!
//! `cargo run --example retries` calls the API (with `ACCOUNTS_BEARER_TOKEN` set).

use std::time::Duration;

use accounts::models;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let client = accounts::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()?;
    keyed_call(&client, 8812).await?;
    with_deadline(&client).await?;
    without_retries(&client).await?;
    every_item(&client).await?;
    documented_error(&client).await;
    Ok(())
}

/// A caller-derived idempotency key: every retry of this call, and a rerun of the
/// same order after a crash, sends the same key, so the server acts on it once.
async fn keyed_call(client: &accounts::Client, order_id: u64) -> Result<(), accounts::Error> {
    let body = models::AccountInput {
        email: "user@example.com".into(),
        name: "Example".into(),
        ..Default::default()
    };
    let response = client
        .accounts()
        .create_account(&body)
        .idempotency_key(format!("order-{order_id}"))
        .send()
        .await?;
    println!("{response:?}");
    Ok(())
}

/// A tighter deadline for one call: every attempt and every sleep between
/// attempts fits in 5 seconds.
async fn with_deadline(client: &accounts::Client) -> Result<(), accounts::Error> {
    let response = client
        .accounts()
        .list_accounts()
        .timeout(Duration::from_secs(5))
        .send()
        .await?;
    println!("{response:?}");
    Ok(())
}

/// Retries off for one call: exactly one attempt.
async fn without_retries(client: &accounts::Client) -> Result<(), accounts::Error> {
    let response = client
        .accounts()
        .list_accounts()
        .retries(false)
        .send()
        .await?;
    println!("{response:?}");
    Ok(())
}

/// Every item of every page of a list, each page fetched when the items before
/// it are used up.
async fn every_item(client: &accounts::Client) -> Result<(), accounts::Error> {
    let mut pager = client.accounts().list_accounts().into_pager();
    while let Some(item) = pager.next().await {
        let item = item?;
        println!("{item:?}");
    }
    Ok(())
}

/// A documented error response, decoded by its status.
async fn documented_error(client: &accounts::Client) {
    let result = client.accounts().list_accounts().send().await;
    if let Err(error) = result {
        let documented = accounts::accounts::ListAccountsError::from_error(&error);
        eprintln!("{error}: {documented:?}");
    }
}
