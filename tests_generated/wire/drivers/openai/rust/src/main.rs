//! The Rust driver of the wire suite's OpenAI calls: every call of
//! openai.calls.json, made through the Rust SDK generated from
//! the corpus's openai.yaml, one fresh client per call. The driver protocol is the
//! equivalence test's (tests_generated/equivalence/README.md); this file
//! repeats its argument parsing and outcome lines.
//!
//! Usage: wire-openai-driver --calls CALLS.json [--control URL]
//!        [--base-url URL] [--token TOKEN] [--only NAME,NAME]

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::ExitCode;

use open_ai::{models, ApiResponse, Client, Error};
use serde_json::{json, Value};

struct Args {
    calls: String,
    control: Option<String>,
    base_url: Option<String>,
    token: String,
    only: Option<Vec<String>>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        calls: String::new(),
        control: None,
        base_url: None,
        token: "eqv-token".to_string(),
        only: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--calls" => args.calls = value()?,
            "--control" => args.control = Some(value()?),
            "--base-url" => args.base_url = Some(value()?),
            "--token" => args.token = value()?,
            "--only" => args.only = Some(value()?.split(',').map(str::to_string).collect()),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if args.calls.is_empty() {
        return Err("--calls CALLS.json is required".to_string());
    }
    Ok(args)
}

/// Tells the recording server which call the next requests belong to.
fn announce(control: &str, call: &str) -> Result<(), String> {
    let authority = control
        .strip_prefix("http://")
        .ok_or_else(|| format!("--control {control}: only http:// URLs"))?
        .trim_end_matches('/');
    let mut stream =
        TcpStream::connect(authority).map_err(|e| format!("control {authority}: {e}"))?;
    let request = format!(
        "POST /__recorder/begin?language=rust&call={call} HTTP/1.1\r\nHost: {authority}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    );
    stream
        .write_all(request.as_bytes())
        .map_err(|e| format!("control {authority}: {e}"))?;
    let mut answer = String::new();
    stream
        .read_to_string(&mut answer)
        .map_err(|e| format!("control {authority}: {e}"))?;
    if answer.starts_with("HTTP/1.1 200") {
        Ok(())
    } else {
        Err(format!(
            "the recorder refused call {call}: {}",
            answer.lines().last().unwrap_or("")
        ))
    }
}

fn ok<T>(response: ApiResponse<T>) -> Value {
    json!({
        "result": "ok",
        "status": response.status.as_u16(),
        "attempts": response.attempts,
    })
}

fn failed(error: &Error) -> Value {
    // `build` (nothing sent: a bad argument) has the name Node gives it.
    let kind = match error.kind() {
        "build" => "invalid_argument",
        other => other,
    };
    json!({
        "result": "error",
        "kind": kind,
        "status": error.status().map(|s| s.as_u16()),
        "code": error.code(),
        "attempts": error.attempts(),
        "stop_reason": error.stop_reason().map(|r| r.as_str()),
        "detail": error.to_string(),
    })
}

fn outcome<T>(result: Result<ApiResponse<T>, Error>) -> Value {
    match result {
        Ok(response) => ok(response),
        Err(error) => failed(&error),
    }
}

/// A PNG of one transparent pixel: the image the uploads send.
const PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
    0x89, 0x00, 0x00, 0x00, 0x0b, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x60, 0x00, 0x02, 0x00,
    0x00, 0x05, 0x00, 0x01, 0x7a, 0x5e, 0xab, 0x3f, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44,
    0xae, 0x42, 0x60, 0x82,
];

/// A WAV of 8 silent samples (8 kHz, 16-bit mono): the audio the uploads send.
const WAV: &[u8] = &[
    0x52, 0x49, 0x46, 0x46, 0x34, 0x00, 0x00, 0x00, 0x57, 0x41, 0x56, 0x45, 0x66, 0x6d, 0x74, 0x20,
    0x10, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x40, 0x1f, 0x00, 0x00, 0x80, 0x3e, 0x00, 0x00,
    0x02, 0x00, 0x10, 0x00, 0x64, 0x61, 0x74, 0x61, 0x10, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
];

/// Two lines of JSONL: the training file the file and upload calls send.
const JSONL: &str = concat!(
    r#"{"messages": [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Hello"}]}"#,
    "\n",
    r#"{"messages": [{"role": "user", "content": "Bye"}, {"role": "assistant", "content": "See you"}]}"#,
    "\n",
);

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn map(pairs: &[(&str, &str)]) -> HashMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn weather() -> models::FunctionObject {
    let parameters = json!({
        "type": "object",
        "properties": {"city": {"type": "string"}, "unit": {"enum": ["c", "f"]}},
        "required": ["city"],
    });
    models::FunctionObject {
        name: "get_weather".to_string(),
        description: Some("The weather in a city, now.".to_string()),
        parameters: Some(
            parameters
                .as_object()
                .expect("an object")
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        ),
        strict: Some(Some(false)),
    }
}

fn chat_request() -> models::CreateChatCompletionRequest {
    use models::ChatCompletionRequestMessage as Message;
    let system = models::ChatCompletionRequestSystemMessage {
        content: models::ChatCompletionRequestSystemMessageContent::String(
            "You answer in one short sentence.".to_string(),
        ),
        role: models::ChatCompletionRequestSystemMessageRole::System,
        name: None,
    };
    let user = models::ChatCompletionRequestUserMessage {
        content:
            models::ChatCompletionRequestUserMessageContent::ChatCompletionRequestUserMessageContentPartList(
                vec![
                    models::ChatCompletionRequestUserMessageContentPart::ChatCompletionRequestMessageContentPartText(
                        models::ChatCompletionRequestMessageContentPartText {
                            r#type: models::ChatCompletionRequestMessageContentPartTextType::Text,
                            text: "What is the weather in Paris?".to_string(),
                            prompt_cache_breakpoint: None,
                        },
                    ),
                ],
            ),
        role: models::ChatCompletionRequestUserMessageRole::User,
        name: Some("ada".to_string()),
    };
    let assistant = models::ChatCompletionRequestAssistantMessage {
        role: models::ChatCompletionRequestAssistantMessageRole::Assistant,
        tool_calls: Some(vec![
            models::ChatCompletionMessageToolCallsItem::ChatCompletionMessageToolCall(
                models::ChatCompletionMessageToolCall {
                    id: "call_1".to_string(),
                    r#type: models::ChatCompletionMessageToolCallType::Function,
                    function: models::ChatCompletionMessageToolCallFunction {
                        name: "get_weather".to_string(),
                        arguments: r#"{"city": "Paris"}"#.to_string(),
                    },
                },
            ),
        ]),
        content: None,
        refusal: None,
        name: None,
        audio: None,
        function_call: None,
    };
    let tool = models::ChatCompletionRequestToolMessage {
        role: models::ChatCompletionRequestToolMessageRole::Tool,
        content: models::ChatCompletionRequestToolMessageContent::String(
            "18 °C, light rain".to_string(),
        ),
        tool_call_id: "call_1".to_string(),
    };
    models::CreateChatCompletionRequest {
        messages: vec![
            Message::ChatCompletionRequestSystemMessage(system),
            Message::ChatCompletionRequestUserMessage(user),
            Message::ChatCompletionRequestAssistantMessage(assistant),
            Message::ChatCompletionRequestToolMessage(tool),
        ],
        model: models::ModelIdsShared::String("gpt-4o-mini".to_string()),
        tools: Some(vec![
            models::CreateChatCompletionRequestToolsItem::ChatCompletionTool(
                models::ChatCompletionTool {
                    r#type: models::ChatCompletionToolType::Function,
                    function: weather(),
                },
            ),
        ]),
        tool_choice: Some(
            models::ChatCompletionToolChoiceOption::ChatCompletionToolChoiceOptionToolChoiceMode(
                models::ChatCompletionToolChoiceOptionToolChoiceMode::Auto,
            ),
        ),
        temperature: Some(Some(0.2)),
        max_completion_tokens: Some(Some(64)),
        metadata: Some(Some(map(&[("suite", "wire")]))),
        n: Some(Some(1)),
        // The model has no Default (its `model` and `messages` are
        // required), so every other field is spelled out.
        top_logprobs: None,
        top_p: None,
        user: None,
        safety_identifier: None,
        prompt_cache_key: None,
        prompt_cache_retention: None,
        prompt_cache_options: None,
        service_tier: None,
        modalities: None,
        verbosity: None,
        reasoning_effort: None,
        frequency_penalty: None,
        presence_penalty: None,
        web_search_options: None,
        response_format: None,
        audio: None,
        store: None,
        moderation: None,
        stream: None,
        stop: None,
        logit_bias: None,
        logprobs: None,
        max_tokens: None,
        prediction: None,
        seed: None,
        stream_options: None,
        parallel_tool_calls: None,
        function_call: None,
        functions: None,
    }
}

/// Makes one call; `None` when this driver does not know it. The spec marks
/// the Assistants API deprecated; its calls are made all the same.
#[allow(deprecated)]
async fn call(client: &Client, name: &str) -> Option<Value> {
    let value = match name {
        "createChatCompletion" => {
            let body = chat_request();
            outcome(
                client
                    .chat()
                    .create_chat_completion(&body)
                    .send_with_response()
                    .await,
            )
        }
        "listChatCompletions" => outcome(
            client
                .chat()
                .list_chat_completions()
                .model("gpt-4o-mini")
                .metadata(map(&[("suite", "wire")]))
                .limit(5)
                .order(models::ListChatCompletionsOrder::Desc)
                .send_with_response()
                .await,
        ),
        "createEmbedding" => {
            let body = models::CreateEmbeddingRequest {
                input: models::CreateEmbeddingRequestInput::StringList(strings(&[
                    "The food was delicious.",
                    "The waiter was friendly.",
                ])),
                model: models::CreateEmbeddingRequestModel::String(
                    "text-embedding-3-small".to_string(),
                ),
                encoding_format: Some(models::CreateEmbeddingRequestEncodingFormat::Float),
                dimensions: Some(256),
                user: None,
            };
            outcome(
                client
                    .embeddings()
                    .create_embedding(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createModeration" => {
            let body = models::CreateModerationRequest {
                input: models::CreateModerationRequestInput::String(
                    "I want to hug everyone.".to_string(),
                ),
                model: Some(models::CreateModerationRequestModel::String(
                    "omni-moderation-latest".to_string(),
                )),
            };
            outcome(
                client
                    .moderations()
                    .create_moderation(&body)
                    .send_with_response()
                    .await,
            )
        }
        "listModels" => outcome(client.models_2().list_models().send_with_response().await),
        "retrieveModel" => outcome(
            client
                .models_2()
                .retrieve_model("gpt-4o-mini")
                .send_with_response()
                .await,
        ),
        "deleteModel" => outcome(
            client
                .models_2()
                .delete_model("ft:gpt-4o-mini:acme:suffix:abc123")
                .send_with_response()
                .await,
        ),
        "listFiles" => outcome(
            client
                .files()
                .list_files()
                .purpose("fine-tune")
                .limit(20)
                .order(models::ListFilesOrder::Asc)
                .after("file-abc123")
                .send_with_response()
                .await,
        ),
        "createFile" => {
            let body = models::CreateFileRequest {
                file: JSONL.as_bytes().to_vec().into(),
                purpose: models::CreateFileRequestPurpose::FineTune,
                expires_after: Some(models::FileExpirationAfter {
                    anchor: models::FileExpirationAfterAnchor::CreatedAt,
                    seconds: 86400,
                }),
            };
            outcome(client.files().create_file(&body).send_with_response().await)
        }
        "retrieveFile" => outcome(
            client
                .files()
                .retrieve_file("file-abc123")
                .send_with_response()
                .await,
        ),
        "deleteFile" => outcome(
            client
                .files()
                .delete_file("file-abc123")
                .send_with_response()
                .await,
        ),
        "downloadFile" => outcome(
            client
                .files()
                .download_file("file-abc123")
                .send_with_response()
                .await,
        ),
        "createTranscription" => {
            use models::CreateTranscriptionRequestTimestampGranularitiesItem as Granularity;
            let body = models::CreateTranscriptionRequest {
                file: WAV.to_vec().into(),
                model: models::CreateTranscriptionRequestModel::String("whisper-1".to_string()),
                language: Some("en".to_string()),
                prompt: Some("A greeting.".to_string()),
                response_format: Some(models::AudioResponseFormat::VerboseJson),
                temperature: Some(0.0),
                timestamp_granularities: Some(vec![Granularity::Word, Granularity::Segment]),
                languages: None,
                keywords: None,
                include: None,
                stream: None,
                chunking_strategy: None,
                known_speaker_names: None,
                known_speaker_references: None,
            };
            outcome(
                client
                    .audio()
                    .create_transcription(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createTranslation" => {
            let body = models::CreateTranslationRequest {
                file: WAV.to_vec().into(),
                model: models::CreateTranslationRequestModel::String("whisper-1".to_string()),
                prompt: Some("A greeting.".to_string()),
                response_format: Some(models::CreateTranslationRequestResponseFormat::Json),
                temperature: Some(0.5),
            };
            outcome(
                client
                    .audio()
                    .create_translation(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createSpeech" => {
            let body = models::CreateSpeechRequest {
                model: models::CreateSpeechRequestModel::String("gpt-4o-mini-tts".to_string()),
                input: "Hello there.".to_string(),
                instructions: None,
                voice: models::VoiceIdsOrCustomVoice::VoiceIdsShared(
                    models::VoiceIdsShared::String("alloy".to_string()),
                ),
                response_format: Some(models::CreateSpeechRequestResponseFormat::Mp3),
                speed: Some(1.25),
                stream_format: None,
            };
            outcome(
                client
                    .audio()
                    .create_speech(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createImage" => {
            let body = models::CreateImageRequest {
                prompt: "A cute baby sea otter wearing a beret".to_string(),
                model: Some(Some(models::CreateImageRequestModel::String(
                    "dall-e-3".to_string(),
                ))),
                n: Some(Some(1)),
                size: Some(Some(models::CreateImageRequestSize::String(
                    "1024x1024".to_string(),
                ))),
                quality: Some(Some(models::CreateImageRequestQuality::Standard)),
                response_format: Some(Some(models::CreateImageRequestResponseFormat::Url)),
                ..Default::default()
            };
            outcome(
                client
                    .images()
                    .create_image(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createImageEdit" => {
            let body = models::EditImageBodyJsonParam {
                images: vec![
                    models::ImageRefParam {
                        image_url: Some("https://example.com/source-image.png".to_string()),
                        file_id: None,
                    },
                    models::ImageRefParam {
                        image_url: None,
                        file_id: Some("file-abc123".to_string()),
                    },
                ],
                prompt: "Add a watercolor effect to this image".to_string(),
                model: Some(Some(models::EditImageBodyJsonParamModel::String(
                    "gpt-image-1".to_string(),
                ))),
                size: Some(Some(models::EditImageBodyJsonParamSize::Value1024x1024)),
                quality: Some(Some(models::EditImageBodyJsonParamQuality::High)),
                ..Default::default()
            };
            outcome(
                client
                    .images()
                    .create_image_edit(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createImageVariation" => {
            let body = models::CreateImageVariationRequest {
                image: PNG.to_vec().into(),
                n: Some(Some(2)),
                size: Some(Some(models::CreateImageVariationRequestSize::Value256x256)),
                response_format: Some(Some(models::CreateImageVariationRequestResponseFormat::B64Json)),
                ..Default::default()
            };
            outcome(
                client
                    .images()
                    .create_image_variation(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createVectorStore" => {
            let body = models::CreateVectorStoreRequest {
                name: Some("Support FAQ".to_string()),
                file_ids: Some(strings(&["file-abc123", "file-def456"])),
                expires_after: Some(models::VectorStoreExpirationAfter {
                    anchor: models::VectorStoreExpirationAfterAnchor::LastActiveAt,
                    days: 7,
                }),
                metadata: Some(Some(map(&[("team", "support")]))),
                ..Default::default()
            };
            outcome(
                client
                    .vector_stores()
                    .create_vector_store(&body)
                    .send_with_response()
                    .await,
            )
        }
        "listVectorStores" => outcome(
            client
                .vector_stores()
                .list_vector_stores()
                .limit(10)
                .order(models::ListVectorStoresOrder::Desc)
                .after("vs_abc123")
                .send_with_response()
                .await,
        ),
        "getVectorStore" => outcome(
            client
                .vector_stores()
                .get_vector_store("vs_abc123")
                .send_with_response()
                .await,
        ),
        "deleteVectorStore" => outcome(
            client
                .vector_stores()
                .delete_vector_store("vs_abc123")
                .send_with_response()
                .await,
        ),
        "createVectorStoreFile" => {
            use models::VectorStoreFileAttributesValue as Attribute;
            let body = models::CreateVectorStoreFileRequest {
                file_id: "file-abc123".to_string(),
                attributes: Some(Some(HashMap::from([
                    ("lang".to_string(), Attribute::String("en".to_string())),
                    ("year".to_string(), Attribute::Number(2024.0)),
                ]))),
                chunking_strategy: None,
            };
            outcome(
                client
                    .vector_stores()
                    .create_vector_store_file("vs_abc123", &body)
                    .send_with_response()
                    .await,
            )
        }
        "searchVectorStore" => {
            let body = models::VectorStoreSearchRequest {
                query: models::VectorStoreSearchRequestQuery::String(
                    "How do I reset my password?".to_string(),
                ),
                rewrite_query: Some(true),
                max_num_results: Some(5),
                filters: None,
                ranking_options: None,
            };
            outcome(
                client
                    .vector_stores()
                    .search_vector_store("vs_abc123", &body)
                    .send_with_response()
                    .await,
            )
        }
        "createAssistant" => {
            use models::CreateAssistantRequestToolsItem as Tool;
            let body = models::CreateAssistantRequest {
                model: models::CreateAssistantRequestModel::String("gpt-4o".to_string()),
                name: Some(Some("Math Tutor".to_string())),
                instructions: Some(Some("You are a personal math tutor.".to_string())),
                tools: Some(vec![
                    Tool::AssistantToolsCode(models::AssistantToolsCode {
                        r#type: models::AssistantToolsCodeType::CodeInterpreter,
                    }),
                    Tool::AssistantToolsFunction(models::AssistantToolsFunction {
                        r#type: models::AssistantToolsFunctionType::Function,
                        function: weather(),
                    }),
                ]),
                metadata: Some(Some(map(&[("team", "edu")]))),
                temperature: Some(Some(0.7)),
                description: None,
                reasoning_effort: None,
                tool_resources: None,
                top_p: None,
                response_format: None,
            };
            outcome(
                client
                    .assistants()
                    .create_assistant(&body)
                    .send_with_response()
                    .await,
            )
        }
        "listAssistants" => outcome(
            client
                .assistants()
                .list_assistants()
                .limit(20)
                .order(models::ListAssistantsOrder::Desc)
                .send_with_response()
                .await,
        ),
        "modifyAssistant" => {
            let body = models::ModifyAssistantRequest {
                instructions: Some(Some("You are a patient math tutor.".to_string())),
                metadata: Some(Some(map(&[("team", "edu"), ("level", "2")]))),
                ..Default::default()
            };
            outcome(
                client
                    .assistants()
                    .modify_assistant("asst_abc123", &body)
                    .send_with_response()
                    .await,
            )
        }
        "deleteAssistant" => outcome(
            client
                .assistants()
                .delete_assistant("asst_abc123")
                .send_with_response()
                .await,
        ),
        "createThread" => {
            let body = models::CreateThreadRequest {
                messages: Some(vec![models::CreateMessageRequest {
                    role: models::CreateMessageRequestRole::User,
                    content: models::CreateMessageRequestContent::String(
                        "Solve 3x + 11 = 14.".to_string(),
                    ),
                    attachments: None,
                    metadata: None,
                }]),
                metadata: Some(Some(map(&[("student", "ada")]))),
                tool_resources: None,
            };
            outcome(
                client
                    .assistants()
                    .create_thread()
                    .body(&body)
                    .send_with_response()
                    .await,
            )
        }
        "createMessage" => {
            let body = models::CreateMessageRequest {
                role: models::CreateMessageRequestRole::User,
                content: models::CreateMessageRequestContent::String(
                    "And 2x - 4 = 10?".to_string(),
                ),
                attachments: None,
                metadata: None,
            };
            outcome(
                client
                    .assistants()
                    .create_message("thread_abc123", &body)
                    .send_with_response()
                    .await,
            )
        }
        "listMessages" => outcome(
            client
                .assistants()
                .list_messages("thread_abc123")
                .limit(10)
                .order(models::ListMessagesOrder::Asc)
                .run_id("run_abc123")
                .send_with_response()
                .await,
        ),
        "createRun" => {
            let body = models::CreateRunRequest {
                assistant_id: "asst_abc123".to_string(),
                additional_instructions: Some(Some("Show every step.".to_string())),
                max_completion_tokens: Some(Some(256)),
                ..Default::default()
            };
            outcome(
                client
                    .assistants()
                    .create_run("thread_abc123", &body)
                    .include(vec![
                        models::CreateRunIncludeItem::StepDetailsToolCallsFileSearchResultsContent,
                    ])
                    .send_with_response()
                    .await,
            )
        }
        "getRun" => outcome(
            client
                .assistants()
                .get_run("thread_abc123", "run_abc123")
                .send_with_response()
                .await,
        ),
        "submitToolOutputs" => {
            let body = models::SubmitToolOutputsRunRequest {
                tool_outputs: vec![models::SubmitToolOutputsRunRequestToolOutputsItem {
                    tool_call_id: Some("call_1".to_string()),
                    output: Some("18".to_string()),
                }],
                stream: None,
            };
            outcome(
                client
                    .assistants()
                    .submit_tool_ouputs_to_run("thread_abc123", "run_abc123", &body)
                    .send_with_response()
                    .await,
            )
        }
        "createBatch" => {
            let body = models::CreateBatchRequest {
                input_file_id: "file-abc123".to_string(),
                endpoint: models::CreateBatchRequestEndpoint::V1ChatCompletions,
                completion_window: models::CreateBatchRequestCompletionWindow::Value24h,
                metadata: Some(Some(map(&[("job", "nightly")]))),
                output_expires_after: None,
            };
            outcome(
                client
                    .batch()
                    .create_batch(&body)
                    .send_with_response()
                    .await,
            )
        }
        "listBatches" => outcome(
            client
                .batch()
                .list_batches()
                .after("batch_abc123")
                .limit(2)
                .send_with_response()
                .await,
        ),
        "retrieveBatch" => outcome(
            client
                .batch()
                .retrieve_batch("batch_abc123")
                .send_with_response()
                .await,
        ),
        "cancelBatch" => outcome(
            client
                .batch()
                .cancel_batch("batch_abc123")
                .send_with_response()
                .await,
        ),
        "createFineTuningJob" => {
            let body = models::CreateFineTuningJobRequest {
                model: models::CreateFineTuningJobRequestModel::String("gpt-4o-mini".to_string()),
                training_file: "file-abc123".to_string(),
                suffix: Some(Some("support".to_string())),
                seed: Some(Some(42)),
                metadata: Some(Some(map(&[("team", "support")]))),
                hyperparameters: None,
                validation_file: None,
                integrations: None,
                method: None,
            };
            outcome(
                client
                    .fine_tuning()
                    .create_fine_tuning_job(&body)
                    .send_with_response()
                    .await,
            )
        }
        "listFineTuningJobs" => outcome(
            client
                .fine_tuning()
                .list_paginated_fine_tuning_jobs()
                .after("ftjob-abc123")
                .limit(5)
                .metadata(map(&[("team", "support")]))
                .send_with_response()
                .await,
        ),
        "listFineTuningEvents" => outcome(
            client
                .fine_tuning()
                .list_fine_tuning_events("ftjob-abc123")
                .after("ftevent-abc123")
                .limit(2)
                .send_with_response()
                .await,
        ),
        "createUpload" => {
            let body = models::CreateUploadRequest {
                filename: "train.jsonl".to_string(),
                purpose: models::CreateUploadRequestPurpose::FineTune,
                bytes: JSONL.len() as i64,
                mime_type: "text/jsonl".to_string(),
                expires_after: None,
            };
            outcome(
                client
                    .uploads()
                    .create_upload(&body)
                    .send_with_response()
                    .await,
            )
        }
        "addUploadPart" => {
            let body = models::AddUploadPartRequest {
                data: JSONL.as_bytes().to_vec().into(),
            };
            outcome(
                client
                    .uploads()
                    .add_upload_part("upload_abc123", &body)
                    .send_with_response()
                    .await,
            )
        }
        "completeUpload" => {
            let body = models::CompleteUploadRequest {
                part_ids: strings(&["part_def456", "part_ghi789"]),
                md5: Some("d41d8cd98f00b204e9800998ecf8427e".to_string()),
            };
            outcome(
                client
                    .uploads()
                    .complete_upload("upload_abc123", &body)
                    .send_with_response()
                    .await,
            )
        }
        "cancelUpload" => outcome(
            client
                .uploads()
                .cancel_upload("upload_abc123")
                .send_with_response()
                .await,
        ),
        _ => return None,
    };
    Some(value)
}

fn client(args: &Args) -> Result<Client, Error> {
    let mut builder = Client::builder().api_key(args.token.clone());
    if let Some(url) = &args.base_url {
        builder = builder.base_url(url.clone());
    }
    builder.build()
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("wire-openai-driver: {message}");
            return ExitCode::from(2);
        }
    };
    let table: Value = match std::fs::read_to_string(&args.calls)
        .map_err(|e| e.to_string())
        .and_then(|text| serde_json::from_str(&text).map_err(|e| e.to_string()))
    {
        Ok(table) => table,
        Err(message) => {
            eprintln!("wire-openai-driver: {}: {message}", args.calls);
            return ExitCode::from(2);
        }
    };
    let names: Vec<&str> = table["calls"]
        .as_array()
        .map(|calls| calls.iter().filter_map(|c| c["call"].as_str()).collect())
        .unwrap_or_default();
    let mut status = ExitCode::SUCCESS;
    for name in names {
        if let Some(only) = &args.only {
            if !only.iter().any(|o| o == name) {
                continue;
            }
        }
        if let Some(control) = &args.control {
            if let Err(message) = announce(control, name) {
                eprintln!("wire-openai-driver: {message}");
                return ExitCode::from(2);
            }
        }
        let outcome = match client(&args) {
            Ok(client) => call(&client, name).await,
            Err(error) => Some(failed(&error)),
        };
        let mut line = match outcome {
            Some(value) => value,
            None => {
                status = ExitCode::FAILURE;
                json!({"result": "not_implemented"})
            }
        };
        line["call"] = json!(name);
        println!("{line}");
    }
    status
}
