//! The request and response bodies of the API, as Rust types.
//!
//! Field names are snake_case; each keeps its name on the wire through serde.
//! Enums accept values this version of the SDK does not know (`Other`), so a
//! server that adds a value does not break decoding.
//!
//! A type compiles only with the features of the groups that use it, so a
//! build with some features off may leave an import unused.

#[allow(unused_imports)]
use serde::{Deserialize, Serialize};

/// Where the pet stands in the shop.
#[cfg(feature = "pets")]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum PetStatus {
    #[default]
    Available,
    Pending,
    Sold,
    /// A value this version of the SDK does not know, as sent.
    Other(String),
}

#[cfg(feature = "pets")]
impl PetStatus {
    /// The value on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Available => "available",
            Self::Pending => "pending",
            Self::Sold => "sold",
            Self::Other(value) => value,
        }
    }
}

#[cfg(feature = "pets")]
impl From<&str> for PetStatus {
    fn from(value: &str) -> Self {
        match value {
            "available" => Self::Available,
            "pending" => Self::Pending,
            "sold" => Self::Sold,
            other => Self::Other(other.to_string()),
        }
    }
}

#[cfg(feature = "pets")]
impl std::fmt::Display for PetStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(feature = "pets")]
impl Serialize for PetStatus {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "pets")]
impl<'de> Deserialize<'de> for PetStatus {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        Ok(Self::from(value.as_str()))
    }
}

/// The fields of a pet that a client sets.
#[cfg(feature = "pets")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct NewPet {
    /// The pet's name.
    pub name: String,
    /// Free-form labels used to find the pet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<PetStatus>,
}

/// A pet in the catalogue.
#[cfg(feature = "pets")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Pet {
    /// The pet's name.
    pub name: String,
    /// Free-form labels used to find the pet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<PetStatus>,
    /// The pet's id, set by the server.
    ///
    /// Read-only: set by the server.
    pub id: i64,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Error {
    /// The HTTP status of the response, repeated.
    pub code: i32,
    /// What went wrong, for a human reader.
    pub message: String,
}

#[cfg(feature = "photos")]
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct UploadPetPhotoRequest {
    /// The image file.
    pub file: crate::runtime::Upload,
    /// A short text shown under the photo.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
}
