//! A renderer for `egui_kittest`'s image snapshots that paints with `egui_glow`
//! (OpenGL) on a headless EGL context, so that the studio's snapshot tests use
//! the OpenGL stack the studio itself is built with instead of compiling wgpu
//! for the tests alone.
//!
//! The context has no window and no surface: it is made current without one
//! (`EGL_KHR_surfaceless_context`), egui is painted into an offscreen
//! framebuffer of the frame's size, and the pixels are read back into an
//! [`image::RgbaImage`]. On a machine without a GPU, Mesa's llvmpipe (the
//! software device) draws; it is preferred whenever it is there, so that the
//! reference images do not depend on the machine's graphics card.
//!
//! Every failure (no EGL, no device, no context, an incomplete framebuffer, an
//! OpenGL error) comes back from [`TestRenderer::render`] as an `Err` naming
//! what failed, which `Harness::snapshot` reports; the renderer never panics.

use std::sync::Arc;

use egui::TexturesDelta;
use egui_kittest::TestRenderer;
use glow::HasContext as _;
use glutin::api::egl::context::PossiblyCurrentContext;
use glutin::api::egl::device::Device;
use glutin::api::egl::display::Display;
use glutin::config::{Api, ConfigSurfaceTypes, ConfigTemplateBuilder};
use glutin::context::{ContextApi, ContextAttributesBuilder};
use glutin::prelude::GlDisplay as _;
use image::RgbaImage;

/// The EGL device extension Mesa gives its software rasterizer (llvmpipe).
const SOFTWARE_DEVICE: &str = "EGL_MESA_device_software";

/// A [`TestRenderer`] painting with `egui_glow` on a headless EGL context:
/// pass it to `HarnessBuilder::renderer`.
///
/// The context is created by [`GlowRenderer::new`]; if that failed, the
/// renderer keeps the reason and every [`TestRenderer::render`] returns it, so
/// a machine without EGL fails the snapshot tests with that message rather
/// than a panic in the middle of a harness.
pub struct GlowRenderer {
    /// The OpenGL state, or why it could not be created (or was lost).
    state: Result<Gl, String>,
}

impl GlowRenderer {
    /// Creates the EGL display, context and `egui_glow` painter, making the
    /// context current on the calling thread.
    pub fn new() -> Self {
        Self { state: Gl::new() }
    }
}

impl Default for GlowRenderer {
    fn default() -> Self {
        Self::new()
    }
}

impl TestRenderer for GlowRenderer {
    fn handle_delta(&mut self, delta: &mut TexturesDelta) {
        let Ok(gl) = &mut self.state else {
            // Nothing to upload to: `render` reports why.
            delta.clear();
            return;
        };
        if let Err(err) = gl.make_current() {
            delta.clear();
            self.state = Err(err);
            return;
        }
        for (id, images) in delta.set.drain() {
            for image in images {
                gl.painter.set_texture(id, &image);
            }
        }
        for id in delta.free.drain() {
            gl.painter.free_texture(id);
        }
    }

    fn render(
        &mut self,
        ctx: &egui::Context,
        output: &egui::FullOutput,
    ) -> Result<RgbaImage, String> {
        let gl = self.state.as_mut().map_err(|err| err.clone())?;
        gl.make_current()?;

        let pixels_per_point = ctx.pixels_per_point();
        let size = ctx.content_rect().size() * pixels_per_point;
        let size_px = [size.x.round() as u32, size.y.round() as u32];
        if size_px.contains(&0) {
            return Err(format!(
                "nothing to render: the frame is {}×{} pixels",
                size_px[0], size_px[1]
            ));
        }
        gl.bind_target(size_px)?;

        // Transparent, as egui_kittest's wgpu renderer clears; egui's colours
        // are gamma-encoded and premultiplied, written as they are into a
        // plain RGBA8 buffer (the painter keeps GL_FRAMEBUFFER_SRGB off), as
        // wgpu's `Rgba8Unorm` target does.
        gl.painter.clear(size_px, [0.0; 4]);
        let primitives = ctx.tessellate(output.shapes.clone(), pixels_per_point);
        gl.painter
            .paint_primitives(size_px, pixels_per_point, &primitives);
        // Bottom-left origin in OpenGL: `read_screen_rgba` flips the rows.
        let pixels = gl.painter.read_screen_rgba(size_px);
        gl.check_error("painting the frame and reading it back")?;

        RgbaImage::from_raw(size_px[0], size_px[1], pixels.as_raw().to_vec()).ok_or_else(|| {
            format!(
                "the pixels read back do not fill a {}×{} image",
                size_px[0], size_px[1]
            )
        })
    }
}

/// The OpenGL state of one renderer: its EGL context, the `egui_glow` painter
/// and the offscreen framebuffer it paints into.
struct Gl {
    /// Paints egui's meshes and holds egui's textures.
    painter: egui_glow::Painter,
    /// The framebuffer of the last frame's size, created on the first render.
    target: Option<Target>,
    /// The context every call goes to, made current on each use so that the
    /// renderer works from whichever thread the harness runs on.
    context: PossiblyCurrentContext,
    /// The display the context belongs to, kept alive as long as the context.
    _display: Display,
}

impl Gl {
    /// Opens an EGL display on a device (the software one if there is one),
    /// creates a context (desktop OpenGL, else OpenGL ES), makes it current
    /// without a surface, and creates the painter.
    fn new() -> Result<Self, String> {
        let (display, context) = egl_context()?;
        let gl = Arc::new(load_gl(&display));
        let painter = egui_glow::Painter::new(gl, "", None, false)
            .map_err(|err| format!("creating the egui_glow painter: {err}"))?;
        Ok(Self {
            painter,
            target: None,
            context,
            _display: display,
        })
    }

    /// Makes the context current on the calling thread.
    fn make_current(&self) -> Result<(), String> {
        self.context
            .make_current_surfaceless()
            .map_err(|err| format!("making the EGL context current (surfaceless): {err}"))
    }

    /// Binds an offscreen framebuffer of `size_px` for drawing and reading,
    /// replacing the previous one if its size differs.
    fn bind_target(&mut self, size_px: [u32; 2]) -> Result<(), String> {
        let gl = Arc::clone(self.painter.gl());
        if let Some(old) = self.target.take_if(|target| target.size_px != size_px) {
            old.delete(&gl);
        }
        let target = match self.target.take() {
            Some(target) => target,
            None => Target::new(&gl, size_px)?,
        };
        target.bind(&gl);
        self.target = Some(target);
        Ok(())
    }

    /// The first OpenGL error raised since the last check, if any, as an
    /// error naming `what` was being done.
    #[expect(unsafe_code, reason = "glGetError is an `unsafe` glow call")]
    fn check_error(&self, what: &str) -> Result<(), String> {
        // SAFETY: the context is current on this thread (`make_current`
        // succeeded before painting) and glGetError takes no arguments.
        let code = unsafe { self.painter.gl().get_error() };
        if code == glow::NO_ERROR {
            Ok(())
        } else {
            Err(format!("OpenGL error 0x{code:04X} while {what}"))
        }
    }
}

impl Drop for Gl {
    fn drop(&mut self) {
        // The painter's and the framebuffer's objects belong to the context:
        // delete them while it is current. If it cannot be made current the
        // objects go with the context when EGL destroys it.
        if self.make_current().is_ok() {
            if let Some(target) = self.target.take() {
                target.delete(self.painter.gl());
            }
            self.painter.destroy();
        }
    }
}

/// An offscreen framebuffer with one RGBA8 colour renderbuffer.
struct Target {
    /// The framebuffer object.
    framebuffer: glow::Framebuffer,
    /// Its colour attachment.
    color: glow::Renderbuffer,
    /// Width and height in pixels.
    size_px: [u32; 2],
}

impl Target {
    /// Creates the framebuffer and its renderbuffer, and checks that OpenGL
    /// accepts the combination.
    #[expect(
        unsafe_code,
        reason = "glow's OpenGL calls are `unsafe`; egui_glow has no offscreen target"
    )]
    fn new(gl: &glow::Context, size_px: [u32; 2]) -> Result<Self, String> {
        let [width, height] = size_px.map(|side| i32::try_from(side).unwrap_or(i32::MAX));
        // SAFETY: the context is current on this thread (`render` made it
        // so); every object used is created here, from this context, and the
        // storage's size is the frame's, at most the driver's limit (an
        // oversized one fails the completeness check below, not memory
        // safety).
        unsafe {
            let color = gl
                .create_renderbuffer()
                .map_err(|err| format!("creating the offscreen renderbuffer: {err}"))?;
            gl.bind_renderbuffer(glow::RENDERBUFFER, Some(color));
            gl.renderbuffer_storage(glow::RENDERBUFFER, glow::RGBA8, width, height);
            let framebuffer = match gl.create_framebuffer() {
                Ok(framebuffer) => framebuffer,
                Err(err) => {
                    gl.delete_renderbuffer(color);
                    return Err(format!("creating the offscreen framebuffer: {err}"));
                }
            };
            gl.bind_framebuffer(glow::FRAMEBUFFER, Some(framebuffer));
            gl.framebuffer_renderbuffer(
                glow::FRAMEBUFFER,
                glow::COLOR_ATTACHMENT0,
                glow::RENDERBUFFER,
                Some(color),
            );
            let status = gl.check_framebuffer_status(glow::FRAMEBUFFER);
            let target = Self {
                framebuffer,
                color,
                size_px,
            };
            if status == glow::FRAMEBUFFER_COMPLETE {
                Ok(target)
            } else {
                target.delete(gl);
                Err(format!(
                    "the {}×{} offscreen framebuffer is incomplete (status 0x{status:04X})",
                    size_px[0], size_px[1]
                ))
            }
        }
    }

    /// Binds the framebuffer for drawing and for reading pixels back.
    #[expect(unsafe_code, reason = "glBindFramebuffer is an `unsafe` glow call")]
    fn bind(&self, gl: &glow::Context) {
        // SAFETY: the context is current on this thread and the framebuffer
        // was created from it and not deleted (`delete` consumes the target).
        unsafe { gl.bind_framebuffer(glow::FRAMEBUFFER, Some(self.framebuffer)) };
    }

    /// Deletes the framebuffer and its renderbuffer.
    #[expect(
        unsafe_code,
        reason = "deleting OpenGL objects is an `unsafe` glow call"
    )]
    fn delete(self, gl: &glow::Context) {
        // SAFETY: the context is current on this thread, the objects were
        // created from it, and `self` is consumed so they are not used again.
        unsafe {
            gl.bind_framebuffer(glow::FRAMEBUFFER, None);
            gl.delete_framebuffer(self.framebuffer);
            gl.delete_renderbuffer(self.color);
        }
    }
}

/// Opens an EGL display on a device, preferring Mesa's software device, and
/// creates a context current on this thread without a surface: desktop OpenGL
/// if the device offers it, OpenGL ES otherwise.
#[expect(
    unsafe_code,
    reason = "glutin's display and context constructors are `unsafe` (raw window handles)"
)]
fn egl_context() -> Result<(Display, PossiblyCurrentContext), String> {
    let mut devices: Vec<Device> = Device::query_devices()
        .map_err(|err| format!("listing the EGL devices: {err}"))?
        .collect();
    // The software device first; otherwise the order EGL lists them in.
    devices.sort_by_key(|device| !device.extensions().contains(SOFTWARE_DEVICE));
    let device = devices
        .first()
        .ok_or("no EGL device found (EGL_EXT_device_enumeration lists none)")?;
    // SAFETY: no raw display handle is passed, the only argument whose
    // validity glutin cannot check.
    let display = unsafe { Display::with_device(device, None) }
        .map_err(|err| format!("opening an EGL display on device {device:?}: {err}"))?;

    let mut failures = Vec::new();
    for (api, context_api) in [
        (Api::OPENGL, ContextApi::OpenGl(None)),
        (Api::GLES2, ContextApi::Gles(None)),
    ] {
        // No surface type: the context is used surfaceless, with a
        // framebuffer object of its own.
        let template = ConfigTemplateBuilder::new()
            .with_surface_type(ConfigSurfaceTypes::empty())
            .with_alpha_size(8)
            .with_api(api)
            .build();
        // SAFETY: the template holds no native window or pixmap handle.
        let config = match unsafe { display.find_configs(template) } {
            Ok(mut configs) => configs.next(),
            Err(err) => {
                failures.push(format!("{api:?}: finding an EGL config: {err}"));
                continue;
            }
        };
        let Some(config) = config else {
            failures.push(format!("{api:?}: no EGL config"));
            continue;
        };
        let attributes = ContextAttributesBuilder::new()
            .with_context_api(context_api)
            .build(None);
        // SAFETY: the attributes hold no raw window handle (`build(None)`).
        let context = match unsafe { display.create_context(&config, &attributes) } {
            Ok(context) => context,
            Err(err) => {
                failures.push(format!("{api:?}: creating an EGL context: {err}"));
                continue;
            }
        };
        match context.make_current_surfaceless() {
            Ok(context) => return Ok((display, context)),
            Err(err) => failures.push(format!("{api:?}: making the context current: {err}")),
        }
    }
    Err(format!(
        "no OpenGL context on EGL device {device:?}: {}",
        failures.join("; ")
    ))
}

/// Loads OpenGL's functions through EGL for the context current on this
/// thread.
#[expect(
    unsafe_code,
    reason = "glow's loader is `unsafe`: it trusts the function pointers it is given"
)]
fn load_gl(display: &Display) -> glow::Context {
    // SAFETY: eglGetProcAddress returns the current context's entry points (or
    // null for missing ones, which glow leaves unloaded), and the context was
    // made current on this thread just before.
    unsafe { glow::Context::from_loader_function_cstr(|name| display.get_proc_address(name)) }
}
