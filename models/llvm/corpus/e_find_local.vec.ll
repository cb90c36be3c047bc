; ModuleID = 'e_find_local.scalar.ll'
source_filename = "c/effects.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #0

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(ptr captures(none)) #0

; Function Attrs: nounwind uwtable
define dso_local range(i64 -1, 256) i64 @e_find_local(i32 noundef %0) local_unnamed_addr #1 {
  %2 = alloca [256 x i32], align 16
  call void @llvm.lifetime.start.p0(ptr nonnull %2) #4
  call void @init_mem(ptr noundef nonnull %2, i64 noundef 1024) #4
  br label %vector.ph

vector.ph:                                        ; preds = %1
  %broadcast.splatinsert = insertelement <4 x i32> poison, i32 %0, i64 0
  %broadcast.splat = shufflevector <4 x i32> %broadcast.splatinsert, <4 x i32> poison, <4 x i32> zeroinitializer
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %3 = getelementptr inbounds nuw i32, ptr %2, i64 %index
  %wide.load = load <4 x i32>, ptr %3, align 4, !tbaa !5
  %4 = icmp eq <4 x i32> %wide.load, %broadcast.splat
  %index.next = add nuw i64 %index, 4
  %5 = freeze <4 x i1> %4
  %6 = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %5)
  %7 = icmp eq i64 %index.next, 256
  %8 = or i1 %6, %7
  br i1 %8, label %middle.split, label %vector.body, !llvm.loop !9

middle.split:                                     ; preds = %vector.body
  br i1 %6, label %vector.early.exit, label %middle.block

middle.block:                                     ; preds = %middle.split
  br label %11

vector.early.exit:                                ; preds = %middle.split
  %9 = call i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1> %4, i1 false)
  %10 = add i64 %index, %9
  br label %11

11:                                               ; preds = %vector.early.exit, %middle.block
  %12 = phi i64 [ %10, %vector.early.exit ], [ -1, %middle.block ]
  call void @llvm.lifetime.end.p0(ptr nonnull %2) #4
  ret i64 %12
}

declare void @init_mem(ptr noundef, i64 noundef) local_unnamed_addr #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i1 @llvm.vector.reduce.or.v4i1(<4 x i1>) #3

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1>, i1 immarg) #3

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #1 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #4 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10, !11, !12, !13}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!"llvm.loop.unroll.disable"}
!12 = !{!"llvm.loop.isvectorized", i32 1}
!13 = !{!"llvm.loop.unroll.runtime.disable"}
