; ModuleID = 'first_neg.scalar.ll'
source_filename = "c/scalable.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "aarch64-unknown-linux-gnu"

@h = external dso_local local_unnamed_addr global [64 x i16], align 2

; Function Attrs: nofree norecurse nosync nounwind memory(read, argmem: none, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable vscale_range(1,16)
define dso_local range(i32 0, 65) i32 @first_neg() local_unnamed_addr #0 {
  %1 = call i64 @llvm.vscale.i64()
  %2 = shl nuw nsw i64 %1, 3
  %min.iters.check = icmp ult i64 64, %2
  br i1 %min.iters.check, label %scalar.ph, label %vector.ph

vector.ph:                                        ; preds = %0
  %3 = call i64 @llvm.vscale.i64()
  %4 = shl nuw i64 %3, 3
  %n.mod.vf = urem i64 64, %4
  %n.vec = sub i64 64, %n.mod.vf
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %5 = getelementptr inbounds nuw i16, ptr @h, i64 %index
  %wide.load = load <vscale x 8 x i16>, ptr %5, align 2, !tbaa !10
  %6 = icmp slt <vscale x 8 x i16> %wide.load, zeroinitializer
  %index.next = add nuw i64 %index, %4
  %7 = freeze <vscale x 8 x i1> %6
  %8 = call i1 @llvm.vector.reduce.or.nxv8i1(<vscale x 8 x i1> %7)
  %9 = icmp eq i64 %index.next, %n.vec
  %10 = or i1 %8, %9
  br i1 %10, label %middle.split, label %vector.body, !llvm.loop !12

middle.split:                                     ; preds = %vector.body
  br i1 %8, label %vector.early.exit, label %middle.block

middle.block:                                     ; preds = %middle.split
  %cmp.n = icmp eq i64 64, %n.vec
  br i1 %cmp.n, label %24, label %scalar.ph

vector.early.exit:                                ; preds = %middle.split
  %11 = call i64 @llvm.experimental.cttz.elts.i64.nxv8i1(<vscale x 8 x i1> %6, i1 false)
  %12 = add i64 %index, %11
  br label %21

scalar.ph:                                        ; preds = %0, %middle.block
  %bc.resume.val = phi i64 [ %n.vec, %middle.block ], [ 0, %0 ]
  br label %13

13:                                               ; preds = %scalar.ph, %18
  %14 = phi i64 [ %bc.resume.val, %scalar.ph ], [ %19, %18 ]
  %15 = getelementptr inbounds nuw i16, ptr @h, i64 %14
  %16 = load i16, ptr %15, align 2, !tbaa !10
  %17 = icmp slt i16 %16, 0
  br i1 %17, label %21, label %18

18:                                               ; preds = %13
  %19 = add nuw nsw i64 %14, 1
  %20 = icmp eq i64 %19, 64
  br i1 %20, label %24, label %13, !llvm.loop !17

21:                                               ; preds = %vector.early.exit, %13
  %22 = phi i64 [ %14, %13 ], [ %12, %vector.early.exit ]
  %23 = trunc nuw nsw i64 %22 to i32
  br label %25

24:                                               ; preds = %middle.block, %18
  br label %25

25:                                               ; preds = %24, %21
  %26 = phi i32 [ %23, %21 ], [ 64, %24 ]
  ret i32 %26
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.vscale.i64() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i1 @llvm.vector.reduce.or.nxv8i1(<vscale x 8 x i1>) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.experimental.cttz.elts.i64.nxv8i1(<vscale x 8 x i1>, i1 immarg) #1

attributes #0 = { nofree norecurse nosync nounwind memory(read, argmem: none, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable vscale_range(1,16) "frame-pointer"="non-leaf-no-reserve" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="generic" "target-features"="+bti,+ccidx,+complxnum,+crc,+dit,+dotprod,+flagm,+fp-armv8,+fullfp16,+jsconv,+lse,+neon,+pauth,+predres,+ras,+rcpc,+rdm,+sb,+ssbs,+sve,+sve2,+v8.1a,+v8.2a,+v8.3a,+v8.4a,+v8.5a,+v8a,+v9a,-fmv" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}
!llvm.errno.tbaa = !{!6}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 4}
!5 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!11, !11, i64 0}
!11 = !{!"short", !8, i64 0}
!12 = distinct !{!12, !13, !14, !15, !16}
!13 = !{!"llvm.loop.mustprogress"}
!14 = !{!"llvm.loop.unroll.disable"}
!15 = !{!"llvm.loop.isvectorized", i32 1}
!16 = !{!"llvm.loop.unroll.runtime.disable"}
!17 = distinct !{!17, !13, !14, !15}
